/**
 * What boot.ts hands to the lazily loaded overlays (ShellOverlays.tsx): types only, in their own
 * module so the overlays need not import boot (which imports them).
 */
import type { ShellState } from '../state.ts';
import type { HostBridge } from './host-bridge.ts';
import type { PlatformTimers } from './platform-timers.ts';
import type { SiteConfig } from './site-config.ts';

/** The browser's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallPrompt {
  available(): boolean;
  /** Shows the captured prompt; resolves true when the player installed the app. */
  prompt(): Promise<boolean>;
  subscribe(listener: () => void): () => void;
}

/** What the lazily loaded overlays receive from boot. */
export interface ShellRuntime {
  state: ShellState;
  bridge: HostBridge;
  timers: PlatformTimers;
  install: InstallPrompt;
  siteConfig: Promise<SiteConfig | null>;
  /** Current URL after client-side navigations. */
  onNavigated(listener: (url: URL) => void): () => void;
}
