/** The auth micro-app's browser entry: mount/hydrate/unmount for the host, mountModal for the shell's modals. */
import { defineModalClient } from '@parlay/mf/app-modals.tsx';
import type { AreaProps } from '@parlay/mf/area-page.ts';
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { AuthApp } from './AuthApp.tsx';
import { AuthModal } from './AuthModal.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<AreaProps>('auth', (props) => (
  <AuthApp {...props} />
));

export const { mountModal, unmountModal } = defineModalClient((props) => <AuthModal {...props} />);
