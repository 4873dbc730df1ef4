import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import heroPoster from '../../assets/home/hero-poster.jpg';
import heroVideo from '../../assets/home/hero.mp4';
import styles from './HomeScreen.module.css';

/**
 * The hero's decorative loop, with a control to stop it (WCAG 2.2.2: anything that moves for
 * more than five seconds can be paused). It starts only for people who have not asked their
 * system for less motion, and only once the page runs, so the prerendered page shows the poster.
 */
export function HeroVideo() {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(true);
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      // A browser that cannot play it keeps showing the poster; nothing to tell the reader.
      element.play().catch(() => {});
    } else {
      element.pause();
    }
  }, [playing]);

  return (
    <div className={styles.videoFrame}>
      {/* Decorative and silent: no sound track, muted, and never fullscreen on phones. */}
      <video
        ref={video}
        className={styles.video}
        src={heroVideo}
        poster={heroPoster}
        width={960}
        height={540}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
      />
      <button
        type="button"
        className={styles.videoToggle}
        onClick={() => setPlaying((current) => !current)}
      >
        {intl.formatMessage({ id: playing ? 'home.hero.pause' : 'home.hero.play' })}
      </button>
    </div>
  );
}
