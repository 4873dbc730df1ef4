import type { RequestHandler } from 'msw';
import { isQaScenarioName, qaScenarios, type QaScenarioName } from '@brnd/mocks/qa-scenarios';

/** `?scenario=default` goes back to the mocks' normal answers. */
export const DEFAULT_SCENARIO = 'default';
const STORAGE_KEY = 'brnd.mocks.scenario';

export interface ScenarioChoice {
  /** The scenario in force, or null for the normal answers. */
  readonly active: QaScenarioName | null;
  /** A name from the URL that is no scenario: shown in the panel, nothing changes. */
  readonly unknown?: string;
}

/**
 * The scenario named in the URL wins and is kept for the tab (sessionStorage), so links the app
 * follows and reloads stay in it until QA picks another one.
 */
export function chooseScenario(search: string, storage: Storage): ScenarioChoice {
  const asked = new URLSearchParams(search).get('scenario');
  const kept = storage.getItem(STORAGE_KEY);
  const current = kept !== null && isQaScenarioName(kept) ? kept : null;
  if (asked === null) return { active: current };
  if (asked === DEFAULT_SCENARIO) {
    storage.removeItem(STORAGE_KEY);
    return { active: null };
  }
  if (!isQaScenarioName(asked)) return { active: current, unknown: asked };
  storage.setItem(STORAGE_KEY, asked);
  return { active: asked };
}

/** What `setupWorker` and `setupServer` share: the app and its tests switch the same way. */
interface HandlerTarget {
  resetHandlers(...handlers: RequestHandler[]): void;
  use(...handlers: RequestHandler[]): void;
}

/** Puts the scenario's answers in front of the default handlers, dropping any earlier scenario. */
export function applyScenario(target: HandlerTarget, name: QaScenarioName | null): void {
  target.resetHandlers();
  if (name) target.use(...qaScenarios[name].handlers());
}

/** The address of this page in another scenario (the page reloads so every query asks again). */
export function scenarioHref(href: string, name: QaScenarioName | null): string {
  const url = new URL(href);
  url.searchParams.set('scenario', name ?? DEFAULT_SCENARIO);
  return url.toString();
}
