import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { siteConfigFixture } from '@brnd/mocks/site';
import { renderWithProviders } from '../../testing/render.tsx';
import { JOB_BOARD_CONTAINER_ID, JOB_BOARD_TIMEOUT_MS, JobBoard } from './JobBoard.tsx';

const SCRIPT_URL = 'https://jobs.example/embed.js';
const { jobs, contactEmail } = siteConfigFixture;

afterEach(() => {
  vi.useRealTimers();
});

function renderBoard() {
  return renderWithProviders(
    <JobBoard scriptUrl={SCRIPT_URL} jobs={jobs} contactEmail={contactEmail} />,
  );
}

function embedScript(): HTMLScriptElement {
  const script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
  if (!script) throw new Error('The job board script was not added');
  return script;
}

test('user sees the job list when the job board draws nothing in time', () => {
  vi.useFakeTimers();
  renderBoard();
  expect(screen.getByText('Loading job offers…')).toBeInTheDocument();
  expect(embedScript().parentElement?.id).toBe(JOB_BOARD_CONTAINER_ID);

  act(() => vi.advanceTimersByTime(JOB_BOARD_TIMEOUT_MS - 1));
  expect(screen.queryByRole('heading', { name: jobs[0]?.title.en })).not.toBeInTheDocument();

  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByRole('heading', { name: jobs[0]?.title.en })).toBeInTheDocument();
  expect(document.getElementById(JOB_BOARD_CONTAINER_ID)).toBeNull();
});

test('user sees the job list at once when the job board script fails to load', () => {
  renderBoard();
  fireEvent.error(embedScript());
  expect(screen.getByRole('heading', { name: jobs[0]?.title.en })).toBeInTheDocument();
});

test('user sees the job board once it draws, and no list or spinner', async () => {
  vi.useFakeTimers();
  renderBoard();
  const container = document.getElementById(JOB_BOARD_CONTAINER_ID);
  const board = document.createElement('p');
  board.textContent = 'Openings from the job board';
  await act(async () => {
    container?.append(board);
  });
  // Settled as soon as something is drawn, well before the timeout.
  expect(screen.queryByText('Loading job offers…')).not.toBeInTheDocument();
  act(() => vi.advanceTimersByTime(JOB_BOARD_TIMEOUT_MS));
  expect(screen.getByText('Openings from the job board')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: jobs[0]?.title.en })).not.toBeInTheDocument();
});

test('user without a configured job board sees an e-mail address when no job is open', () => {
  renderWithProviders(<JobBoard jobs={[]} contactEmail={contactEmail} />);
  expect(screen.getByRole('link', { name: contactEmail })).toHaveAttribute(
    'href',
    `mailto:${contactEmail}`,
  );
  expect(document.querySelector('script')).toBeNull();
});
