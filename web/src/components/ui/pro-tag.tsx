/** The small 'Pro' mark beside a feature the Free plan does not include. */
export function ProTag() {
  return <span className="rounded-full border px-1.5 py-px text-[0.65rem] leading-4 font-semibold tracking-wide uppercase">Pro</span>
}
