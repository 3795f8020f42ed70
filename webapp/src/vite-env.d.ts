/// <reference types="vite/client" />

/** The year the build ran (vite.config.ts `define`): prerendered pages show it until they hydrate. */
declare const __BUILD_YEAR__: number;
