// Types of scripts/pack.mjs for the tests that import it.
export declare function publishedPackages(): string[];
export declare function packPackage(name: string, destination: string): string;
