/**
 * Snow on the home page when features.isSnowEnabled (site-shell §1): one canvas, a few dozen flakes,
 * about 30 frames a second, stopped while the page is hidden and never drawn for reduced motion.
 */
import { useEffect, useRef } from 'react';
import styles from './overlays.module.css';

const FRAME_MS = 33;

interface Flake {
  x: number;
  y: number;
  r: number;
  speed: number;
  drift: number;
}

export function Snow() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let width = 0;
    let height = 0;
    let flakes: Flake[] = [];
    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = window.innerWidth;
      height = window.innerHeight;
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const count = width < 1100 ? 40 : 80;
      flakes = Array.from({ length: count }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        r: 1 + Math.random() * 2.5,
        speed: 0.4 + Math.random() * 1.2,
        drift: Math.random() * Math.PI * 2,
      }));
    };
    resize();
    let frame = 0;
    let last = 0;
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      if (now - last < FRAME_MS || document.hidden) return;
      last = now;
      context.clearRect(0, 0, width, height);
      context.fillStyle = 'rgba(255, 255, 255, 0.8)';
      context.beginPath();
      for (const flake of flakes) {
        flake.y += flake.speed;
        flake.drift += 0.02;
        flake.x += Math.sin(flake.drift) * 0.4;
        if (flake.y > height + 4) {
          flake.y = -4;
          flake.x = Math.random() * width;
        }
        context.moveTo(flake.x + flake.r, flake.y);
        context.arc(flake.x, flake.y, flake.r, 0, Math.PI * 2);
      }
      context.fill();
    };
    frame = requestAnimationFrame(draw);
    window.addEventListener('resize', resize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, []);
  // Decoration only: hidden from assistive technology.
  return (
    <div className={styles.snow} aria-hidden="true" data-snow="">
      <canvas ref={canvas} className={styles.snowCanvas} />
    </div>
  );
}
