// The analytics module: the collector the browser posts events to, and the dev view of recent events.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics-service.ts';
import { registerCollectorRoutes } from './collector-routes.ts';
import { registerAnalyticsDevRoutes } from './dev-routes.ts';

export function createAnalyticsModule({ db, config, limits }: Pick<ModuleDeps, 'db' | 'config' | 'limits'>): AppModule<AnalyticsService> {
  const analytics = createAnalyticsService({ db });
  return {
    name: 'analytics',
    service: analytics,
    routes: (app) => registerCollectorRoutes(app, { analytics, allowedOrigins: [new URL(config.siteUrl).origin], limits }),
    devRoutes: async (app) => registerAnalyticsDevRoutes(app, { db }),
    // The batches under way finish before the database closes.
    onClose: () => analytics.close(),
  };
}
