// How far into a story the reader has scrolled, in 10 % steps (SPEC §5, §9): 0 when it opens,
// then each step once as the bottom of the window passes it.
import { LIMITS } from '../../shared/analytics/limits.ts';

const STEP = LIMITS.scrollStep;

/** Depth reached in whole steps: the share of the element above the bottom of the viewport. */
export function scrollDepth({ top, height, viewportHeight }: { top: number; height: number; viewportHeight: number }): number {
  if (height <= 0) return 100;
  const seen = (viewportHeight - top) / height;
  const percent = Math.floor((Math.min(Math.max(seen, 0), 1) * 100) / STEP) * STEP;
  return percent;
}

/** Steps newly passed since `reached` (-1 before the first), in order. */
export function newSteps(reached: number, depth: number): number[] {
  const steps: number[] = [];
  for (let step = reached < 0 ? 0 : reached + STEP; step <= depth; step += STEP) steps.push(step);
  return steps;
}

/** Watches `element` and calls `onStep` once per step reached; returns the function that stops watching. */
export function watchScrollDepth(element: HTMLElement, onStep: (percentage: number) => void, win: Window = window): () => void {
  let reached = -1;
  let frame = 0;
  const measure = () => {
    frame = 0;
    const box = element.getBoundingClientRect();
    const depth = scrollDepth({ top: box.top, height: box.height, viewportHeight: win.innerHeight });
    // Opening the story counts as 0 even when its top is below the fold.
    for (const step of newSteps(reached, Math.max(depth, 0))) onStep(step);
    reached = Math.max(reached, depth);
    if (reached >= 100) stop();
  };
  const schedule = () => {
    if (frame === 0) frame = win.requestAnimationFrame(measure);
  };
  const stop = () => {
    win.removeEventListener('scroll', schedule);
    win.removeEventListener('resize', schedule);
    if (frame !== 0) win.cancelAnimationFrame(frame);
    frame = 0;
  };
  win.addEventListener('scroll', schedule, { passive: true });
  win.addEventListener('resize', schedule, { passive: true });
  measure();
  return stop;
}
