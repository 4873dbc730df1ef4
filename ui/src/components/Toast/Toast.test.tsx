import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@brnd/contracts/domain/constants';
import { renderWithProviders } from '../../testing/render.tsx';
import { useToast, type ToastApi } from './Toast.tsx';

let toast: ToastApi;
function CaptureToast() {
  toast = useToast();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  renderWithProviders(<CaptureToast />);
});

afterEach(() => {
  vi.useRealTimers();
});

test('a toast disappears after five seconds', () => {
  act(() => void toast.success('Your profile was updated successfully!'));
  expect(screen.getByRole('status')).toHaveTextContent('Success!');

  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
  expect(screen.getByRole('status')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a toast can stay longer when asked', () => {
  act(() => void toast.warning('Error! Please try again later', { durationMs: 8_000 }));
  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
  expect(screen.getByRole('status')).toHaveTextContent('Warning');
  act(() => vi.advanceTimersByTime(3_000));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a danger toast is an alert titled Warning', () => {
  act(() => void toast.danger('Verification Failed'));
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Warning');
  expect(alert).toHaveTextContent('Verification Failed');
});

test('hovering a toast stops its clock until the pointer leaves', () => {
  act(() => void toast.success('Saved'));
  act(() => vi.advanceTimersByTime(3_000));
  fireEvent.mouseEnter(screen.getByRole('status'));
  act(() => vi.advanceTimersByTime(60_000));
  expect(screen.getByRole('status')).toBeInTheDocument();

  fireEvent.mouseLeave(screen.getByRole('status'));
  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 3_000));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('the newest toast is on top of the stack', () => {
  act(() => {
    toast.success('First');
    toast.success('Second');
  });
  const [top, below] = screen.getAllByRole('status');
  expect(top).toHaveTextContent('Second');
  expect(below).toHaveTextContent('First');
});
