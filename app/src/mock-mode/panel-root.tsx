import { createRoot } from 'react-dom/client';
import type { QaScenarioName } from '@brnd/mocks/qa-scenarios';
import { ScenarioPanel } from './ScenarioPanel.tsx';
import type { ScenarioChoice } from './scenario.ts';

/** A root of its own beside the app's, so the panel never takes part in the app's hydration. */
export function showScenarioPanel(
  choice: ScenarioChoice,
  onPick: (name: QaScenarioName | null) => void,
): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<ScenarioPanel choice={choice} onPick={onPick} />);
}
