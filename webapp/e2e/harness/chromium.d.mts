/** The Chromium binary: CHROMIUM_PATH, else Debian's. */
export declare const chromiumPath: string;
/** Headless, no sandbox (containers), nothing fetched in the background during a measurement. */
export declare const chromiumArgs: string[];
