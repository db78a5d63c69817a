declare const __FORMCTL_VERSION__: string;
/** true in dist/ (the build defines the version), false when running from the sources (the tests) */
export const BUNDLED = typeof __FORMCTL_VERSION__ === 'string';
/** Set at build time from package.json. */
export const VERSION = BUNDLED ? __FORMCTL_VERSION__ : '0.0.0-dev';
