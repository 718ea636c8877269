/** Colours of the installed web app (browser UI around it): the dark theme's background. */
export const APP_THEME_COLOR = '#0e141b';
export const APP_BACKGROUND_COLOR = '#0e141b';
