/** react-dom as one shared ES module (import map "react-dom"); see react.ts. */
import ReactDOM from 'react-dom';

export default ReactDOM;
export {
  createPortal,
  flushSync,
  preconnect,
  prefetchDNS,
  preinit,
  preinitModule,
  preload,
  preloadModule,
  requestFormReset,
  unstable_batchedUpdates,
  useFormState,
  useFormStatus,
  version,
} from 'react-dom';
