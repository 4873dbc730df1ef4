import { useId } from 'react';
import type { Language } from '@brnd/contracts/domain/constants';

/** Inline SVG flags: no image requests, crisp at any size. */
export function Flag({ language, className }: { language: Language; className?: string }) {
  return language === 'po' ? (
    <PolishFlag className={className} />
  ) : (
    <BritishFlag className={className} />
  );
}

function PolishFlag({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 10" aria-hidden="true" focusable="false">
      <rect width="16" height="5" fill="#ffffff" />
      <rect y="5" width="16" height="5" fill="#dc143c" />
      <rect width="16" height="10" fill="none" stroke="#c9c6d6" strokeWidth="0.5" />
    </svg>
  );
}

function BritishFlag({ className }: { className?: string }) {
  const clipId = useId();
  return (
    <svg className={className} viewBox="0 0 60 30" aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#ffffff" strokeWidth="6" />
      <path
        d="M0 0l60 30m0-30L0 30"
        clipPath={`url(#${clipId})`}
        stroke="#c8102e"
        strokeWidth="4"
      />
      <path d="M30 0v30M0 15h60" stroke="#ffffff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}
