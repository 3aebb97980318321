// Types of scripts/sizes.mjs for the tests that import it.
export declare const walletSigners: string;
export declare const allSigners: string;
export declare const bundleEntries: { walletSigners: string; allSigners: string; accountPath: string };
export declare function bundle(source: string): Promise<{ minified: number; gzip: number; inputs: string[] }>;
export declare function packageSizes(): { name: string; packed: number; unpacked: number; generated: number }[];
export declare function sizesParagraph(): Promise<string>;
export declare function withSizes(text: string, paragraph: string): string;
