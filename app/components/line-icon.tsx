import type { ReactNode } from "react";

/**
 * A decorative 24 × 24 icon drawn in lines of the text's colour, 2 wide (the header's and the footer's): hidden from
 * assistive technology, as the control it sits in carries the name. `cap` / `join`: the lines' ends and corners.
 */
export function LineIcon({ className, cap, join, children }: { className: string; cap?: "round"; join?: "round"; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap={cap}
      strokeLinejoin={join}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
