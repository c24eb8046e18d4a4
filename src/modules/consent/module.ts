// The consent module: the visitor's cookie choices, and the consent banner's script and stylesheet.
import { pathPrefix, type AppModule, type ModuleDeps } from '../../platform/module.ts';
import { createConsentService, type ConsentService } from './consent-service.ts';
import { registerConsentRoutes } from './consent-routes.ts';

export function createConsentModule({ db, config, limits }: Pick<ModuleDeps, 'db' | 'config' | 'limits'>): AppModule<ConsentService> {
  const consent = createConsentService({ db });
  return {
    name: 'consent',
    service: consent,
    routes: (app) =>
      registerConsentRoutes(app, {
        consent,
        apiPrefix: pathPrefix(config.endpoints.apiBase),
        staticPrefix: pathPrefix(config.endpoints.staticAssets),
        limits,
      }),
  };
}
