import { useEffect, useRef, type ReactNode } from "react";
import * as s from "./shell.css";

/**
 * The floating online-service button. On a phone it must not cover a control ('Place order', a voucher's 'Upload',
 * a tab): without JavaScript it is a plain button at the page's end; with JavaScript it floats, steps aside
 * (unseen, letting taps through, still in the tab order and shown whenever focused) while a control lies under it
 * and comes back once the page has scrolled on, and the page keeps a scroll
 * padding at the bottom so a focused control stops above it. The code that does so is fetched after hydration
 * (./service-button-watch), so it is in no screen's first load; until it runs the button stays at the page's end.
 */
export function ServiceButton({ href, children }: { href: string; children: ReactNode }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const a = ref.current;
    if (!a) return;
    let stop: (() => void) | null = null;
    let gone = false;
    void import("./service-button-watch").then(({ watchServiceButton }) => {
      if (!gone) stop = watchServiceButton(a);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return (
    <a ref={ref} className={s.floating} href={href} target="_blank" rel="noopener noreferrer" data-testid="service-button">
      {children}
    </a>
  );
}
