import { useId } from 'react';
import { qaScenarios, type QaScenarioName } from '@brnd/mocks/qa-scenarios';
import { DEFAULT_SCENARIO, type ScenarioChoice } from './scenario.ts';

interface Props {
  choice: ScenarioChoice;
  /** Opens the page in the scenario picked. */
  onPick: (name: QaScenarioName | null) => void;
}

const names = Object.keys(qaScenarios) as QaScenarioName[];

/**
 * `dev:mock` only, for QA: which mock scenario answers the API, and a switch to another. English
 * only: it never ships (production bundles drop mock mode), and its users read the repository.
 */
export function ScenarioPanel({ choice, onPick }: Props) {
  const selectId = useId();
  const current = choice.active ? qaScenarios[choice.active].title : 'Normal answers';
  return (
    <aside
      aria-label="Mock scenario"
      style={{
        position: 'fixed',
        insetInlineStart: 8,
        insetBlockEnd: 8,
        zIndex: 1000,
        maxInlineSize: 'min(28rem, calc(100vw - 16px))',
        padding: '6px 10px',
        border: '1px solid #5c5c66',
        borderRadius: 6,
        background: '#fff',
        color: '#1a1a1f',
        font: '13px/1.4 system-ui, sans-serif',
        boxShadow: '0 2px 8px rgb(0 0 0 / 20%)',
      }}
    >
      <details>
        <summary>Mock scenario: {choice.active ?? DEFAULT_SCENARIO}</summary>
        <p>{current}</p>
        {choice.unknown !== undefined && (
          <p role="alert">
            There is no scenario “{choice.unknown}”; nothing changed. Pick one from the list.
          </p>
        )}
        <label htmlFor={selectId}>Switch to </label>
        <select
          id={selectId}
          value={choice.active ?? DEFAULT_SCENARIO}
          onChange={(event) => {
            const value = event.target.value;
            onPick(value === DEFAULT_SCENARIO ? null : (value as QaScenarioName));
          }}
        >
          <option value={DEFAULT_SCENARIO}>{DEFAULT_SCENARIO}: normal answers</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </details>
    </aside>
  );
}
