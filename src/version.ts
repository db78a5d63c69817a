declare const __FORMCTL_VERSION__: string;
/** Set at build time from package.json. */
export const VERSION = typeof __FORMCTL_VERSION__ === 'string' ? __FORMCTL_VERSION__ : '0.0.0-dev';
