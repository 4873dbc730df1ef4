import { hrefFor, type Navigation, type NavigateOptions } from '../navigation.tsx';
import type { Session } from '../session.tsx';

/**
 * What the Storybook preview hands each story through `context.loaded`: fresh spies that
 * stand in for the app's router and cookie session, so play functions can assert on them.
 */
/** A spy from storybook's `fn()` or vitest's `vi.fn()`; `expect(spy).toHaveBeenCalledWith(…)` works. */
export type Spy<F extends (...args: never[]) => unknown> = F & {
  mock: { calls: Parameters<F>[] };
};

/** The origin the stories' links are built on (Navigation.origin), whatever port serves them. */
export const STORY_ORIGIN = 'https://brnd.example';

export interface NavigationRecorder extends Navigation {
  navigate: Spy<(to: string, options?: NavigateOptions) => void>;
  assign: Spy<(url: string) => void>;
}

export interface SessionRecorder {
  signIn: Spy<(session: Session) => void>;
  signOut: Spy<() => void>;
}

export interface StoryRecorders {
  navigation: NavigationRecorder;
  session: SessionRecorder;
}

/** Makes a spy; the two test runners bring their own copies of the spy library. */
type SpyFactory = () => (...args: unknown[]) => unknown;

export function createStoryRecorders(makeSpy: SpyFactory): StoryRecorders {
  const spy = <F extends (...args: never[]) => unknown>() => makeSpy() as unknown as Spy<F>;
  return {
    navigation: { origin: STORY_ORIGIN, navigate: spy(), assign: spy(), href: hrefFor },
    session: { signIn: spy(), signOut: spy() },
  };
}

/** The recorders of the running story: `const { navigation } = storyRecorders(loaded)`. */
export function storyRecorders(loaded: Record<string, unknown>): StoryRecorders {
  const recorders = loaded.recorders as StoryRecorders | undefined;
  if (!recorders) throw new Error('The Storybook preview loader did not run for this story');
  return recorders;
}
