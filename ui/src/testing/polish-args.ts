import type { Language } from '@brnd/contracts/domain/constants';

const POLISH: Language = 'po';

interface StoryRun {
  args: Record<string, unknown>;
  globals: Record<string, unknown>;
  parameters: Record<string, unknown>;
  title: string;
  name: string;
}

/**
 * A story is written once and runs in whichever language the `locale` global names (the
 * toolbar, Chromatic's modes, the storybook-pl test project). Screens take their text from the
 * locale files; a component takes some text from its caller (a label, an error), so its story
 * keeps that text's Polish version in `parameters.polishArgs`. In Polish those values replace the
 * English args for this run only: the render and the play function see the same args, so
 * `canvas.getByLabelText(args.label)` works in both languages.
 */
export function applyPolishArgs(story: StoryRun): void {
  const polishArgs = story.parameters.polishArgs as Record<string, unknown> | undefined;
  if (story.globals.locale !== POLISH || !polishArgs) return;
  for (const key of Object.keys(polishArgs)) {
    // A Polish text for an arg the English story does not have is a typo that would leave the
    // English text on the Polish page.
    if (!(key in story.args)) {
      throw new Error(`${story.title} › ${story.name}: polishArgs.${key} is not one of its args`);
    }
  }
  Object.assign(story.args, polishArgs);
}
