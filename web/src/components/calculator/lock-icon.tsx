import type { SVGProps } from 'react'

/** A padlock (24 px grid, currentColor), decorative: the text beside it says what is locked. */
export function LockIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  )
}

/** The small 'Pro' mark beside a feature the Free plan does not include. */
export function ProTag() {
  return <span className="rounded-full border px-1.5 py-px text-[0.65rem] leading-4 font-semibold tracking-wide uppercase">Pro</span>
}
