import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { URL_CHECK_DELAY_MS, referUrl, useUrlCheck } from './url-check.ts';

describe('referUrl', () => {
  test('adds https:// to a bare domain', () => {
    expect(referUrl('brand.com')).toBe('https://brand.com');
    expect(referUrl('  www.brand.shop/about ')).toBe('https://www.brand.shop/about');
  });

  test('keeps a scheme the user typed', () => {
    expect(referUrl('http://brand.io')).toBe('http://brand.io');
  });

  test('refuses text without a 2 to 5 letter ending', () => {
    expect(referUrl('brand')).toBeNull();
    expect(referUrl('brand.c')).toBeNull();
    expect(referUrl('brand.abcdef')).toBeNull();
    expect(referUrl('not a url.com')).toBeNull();
  });
});

describe('useUrlCheck', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('looks the address up only once typing has stopped for a second', async () => {
    const lookUp = vi.fn((url: string) => Promise.resolve({ name: url }));
    const { result, rerender } = renderHook(({ text }) => useUrlCheck(text, lookUp), {
      initialProps: { text: 'bra' },
    });
    rerender({ text: 'brand.co' });
    await act(() => vi.advanceTimersByTimeAsync(URL_CHECK_DELAY_MS - 1));
    rerender({ text: 'brand.com' });
    await act(() => vi.advanceTimersByTimeAsync(URL_CHECK_DELAY_MS - 1));
    expect(lookUp).not.toHaveBeenCalled();
    expect(result.current.state).toBe('waiting');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(lookUp).toHaveBeenCalledWith('https://brand.com');
    expect(result.current).toEqual({
      state: 'found',
      url: 'https://brand.com',
      preview: { name: 'https://brand.com' },
    });
  });

  test('says an invalid address is invalid without looking it up', async () => {
    const lookUp = vi.fn(() => Promise.resolve({}));
    const { result } = renderHook(() => useUrlCheck('nonsense', lookUp));
    await act(() => vi.advanceTimersByTimeAsync(URL_CHECK_DELAY_MS));
    expect(result.current.state).toBe('invalid');
    expect(lookUp).not.toHaveBeenCalled();
  });

  test('an answer for older text is dropped when the user typed on', async () => {
    let answer: (value: string) => void = () => undefined;
    const lookUp = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { result, rerender } = renderHook(({ text }) => useUrlCheck(text, lookUp), {
      initialProps: { text: 'old.com' },
    });
    await act(() => vi.advanceTimersByTimeAsync(URL_CHECK_DELAY_MS));
    expect(result.current.state).toBe('checking');
    rerender({ text: 'new.com' });
    await act(async () => answer('Old brand'));
    expect(result.current.state).toBe('waiting');
  });

  test('an emptied box is idle again', async () => {
    const lookUp = vi.fn(() => Promise.resolve({}));
    const { result, rerender } = renderHook(({ text }) => useUrlCheck(text, lookUp), {
      initialProps: { text: 'brand.com' },
    });
    rerender({ text: '' });
    await act(() => vi.advanceTimersByTimeAsync(URL_CHECK_DELAY_MS));
    expect(result.current.state).toBe('idle');
    expect(lookUp).not.toHaveBeenCalled();
  });
});
