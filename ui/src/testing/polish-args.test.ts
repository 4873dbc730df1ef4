import { expect, test } from 'vitest';
import { applyPolishArgs } from './polish-args.ts';

function run(locale: string, polishArgs?: Record<string, unknown>) {
  return {
    args: { label: 'E-mail address', error: 'Invalid e-mail address', disabled: false },
    globals: { locale },
    parameters: polishArgs ? { polishArgs } : {},
    title: 'components/TextField',
    name: 'With Error',
  };
}

test('in Polish the story gets its Polish texts, other args unchanged', () => {
  const story = run('po', { label: 'Adres e-mail', error: 'Nieprawidłowy adres e-mail' });
  applyPolishArgs(story);
  expect(story.args).toEqual({
    label: 'Adres e-mail',
    error: 'Nieprawidłowy adres e-mail',
    disabled: false,
  });
});

test('in English the Polish texts are not used', () => {
  const story = run('en', { label: 'Adres e-mail' });
  applyPolishArgs(story);
  expect(story.args.label).toBe('E-mail address');
});

test('a Polish text for an arg the story does not have fails the story', () => {
  expect(() => applyPolishArgs(run('po', { lable: 'Adres e-mail' }))).toThrow(
    'components/TextField › With Error: polishArgs.lable is not one of its args',
  );
});
