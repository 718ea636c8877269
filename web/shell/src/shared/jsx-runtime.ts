/** react/jsx-runtime as one shared ES module (import map "react/jsx-runtime"); see react.ts. */
export { Fragment, jsx, jsxs } from 'react/jsx-runtime';
