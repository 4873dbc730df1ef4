/**
 * `npm run dev:mock` runs the app in the browser with no back end: an MSW service worker answers
 * the API from the mocks' in-memory fake. The mode is fixed at build time, so production bundles
 * drop this import entirely (and with it msw, the fake and the scenario panel).
 *
 * QA picks a named scenario (mocks/src/qa-scenarios.ts) with `?scenario=<name>` in the address or
 * the panel in the corner; `?scenario=default` goes back to the normal answers.
 */
export async function startMockApi(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const [{ startMockWorker, worker }, scenario, panel] = await Promise.all([
    import('@brnd/mocks/browser'),
    import('./mock-mode/scenario.ts'),
    import('./mock-mode/panel-root.tsx'),
  ]);
  await startMockWorker();
  const choice = scenario.chooseScenario(window.location.search, sessionStorage);
  scenario.applyScenario(worker, choice.active);
  panel.showScenarioPanel(choice, (name) => {
    window.location.assign(scenario.scenarioHref(window.location.href, name));
  });
}
