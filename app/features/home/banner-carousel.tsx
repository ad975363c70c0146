import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translate";
import * as s from "./banner-carousel.css";

export type BannerSlide = { id: number; title: string; banner: string };

const AUTO_ADVANCE_MS = 5000;

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * A scroll-snap strip of banners: it scrolls and every slide is a link with JavaScript off.
 * With JavaScript it gains prev/next, dots, a pause button, and advances every 5 s unless the
 * user prefers reduced motion, points at it or has focus inside it.
 */
export function BannerCarousel({ slides }: { slides: BannerSlide[] }) {
  const { t } = useTranslation("home");
  const trackRef = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [index, setIndex] = useState(0);
  // null: not chosen yet, so a user who prefers reduced motion starts paused.
  const [pausedChoice, setPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const indexRef = useRef(0);
  indexRef.current = index;
  const count = slides.length;

  useEffect(() => setHydrated(true), []);

  // The index follows the scroll position, however the user moved it (swipe, keyboard, focus).
  useEffect(() => {
    const el = trackRef.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (el.clientWidth > 0) setIndex(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
      });
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
    };
  }, [count]);

  const goTo = useCallback(
    (i: number) => {
      const el = trackRef.current;
      if (!el || count === 0) return;
      const target = ((i % count) + count) % count;
      el.scrollTo({ left: target * el.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
      setIndex(target);
    },
    [count, reducedMotion],
  );

  const paused = pausedChoice ?? reducedMotion;
  const running = hydrated && count > 1 && !paused && !hovered && !focused;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => goTo(indexRef.current + 1), AUTO_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [running, goTo]);

  if (count === 0) return null;
  return (
    <section
      className={s.carousel}
      aria-roledescription={t("carousel.roledescription")}
      aria-label={t("carousel.label")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div ref={trackRef} className={`${s.track} ${hydrated ? "" : s.trackNoJs}`} aria-live={running ? "off" : "polite"}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={s.slide}
            role="group"
            aria-roledescription={t("carousel.slide")}
            aria-label={t("carousel.position", { n: i + 1, total: count })}
          >
            <Link to={`/notice?id=${slide.id}&category_id=1`} className={s.slideLink}>
              {slide.banner ? (
                <img className={s.image} src={slide.banner} alt="" width={1200} height={460} loading={i === 0 ? "eager" : "lazy"} />
              ) : null}
              <span className={s.caption}>{slide.title}</span>
            </Link>
          </div>
        ))}
      </div>
      {hydrated && count > 1 ? (
        <div className={s.controls}>
          <button
            type="button"
            className={s.control}
            onClick={() => setPaused(!paused)}
            aria-label={t(paused ? "carousel.play" : "carousel.pause")}
          >
            <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
          </button>
          <button type="button" className={s.control} onClick={() => goTo(index - 1)} aria-label={t("carousel.previous")}>
            <span aria-hidden="true">‹</span>
          </button>
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className={s.dot}
              onClick={() => goTo(i)}
              aria-label={t("carousel.goTo", { n: i + 1, title: slide.title })}
              aria-current={i === index ? "true" : undefined}
            />
          ))}
          <button type="button" className={s.control} onClick={() => goTo(index + 1)} aria-label={t("carousel.next")}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
