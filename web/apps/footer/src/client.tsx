/** The footer micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { Footer, type FooterProps } from './Footer.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<FooterProps>('footer', (props) => (
  <Footer {...props} />
));
