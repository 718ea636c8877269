/** react-dom/client as one shared ES module (import map "react-dom/client"); see react.ts. */
import ReactDOMClient from 'react-dom/client';

export default ReactDOMClient;
export { createRoot, hydrateRoot } from 'react-dom/client';
/** Exported at runtime but missing from @types/react-dom. */
export const version: string = (ReactDOMClient as unknown as { version: string }).version;
