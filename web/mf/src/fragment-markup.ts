/**
 * How a micro-app's server-rendered HTML and its props travel inside Fragment.body:
 *   <div data-mf-root="sports">…React markup…</div>
 *   <script type="application/json" data-mf-props="sports">{…props…}</script>
 * The host reads the props back and calls the app's hydrate(container, props) with exactly them.
 */
import { escapeHtml, serializeJsonForScript } from './html.ts';

export const ROOT_ATTRIBUTE = 'data-mf-root';
export const PROPS_ATTRIBUTE = 'data-mf-props';

/** The Fragment.body of an app: its root element around `html`, then its props as JSON. */
export function fragmentBody(appName: string, html: string, props: unknown): string {
  const name = escapeHtml(appName);
  return (
    `<div ${ROOT_ATTRIBUTE}="${name}">${html}</div>` +
    `<script type="application/json" ${PROPS_ATTRIBUTE}="${name}">${serializeJsonForScript(props)}</script>`
  );
}

/** Reads the props an app embedded in its fragment; {} when it embedded none. */
export function readFragmentProps(container: ParentNode, appName: string): unknown {
  const script = [...container.querySelectorAll(`script[${PROPS_ATTRIBUTE}]`)].find(
    (element) => element.getAttribute(PROPS_ATTRIBUTE) === appName,
  );
  if (!script?.textContent) return {};
  return JSON.parse(script.textContent) as unknown;
}
