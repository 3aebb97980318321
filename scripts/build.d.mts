// Types of scripts/build.mjs for the tests that import it.
export type BuildScope = "main" | "all";
export declare function staleSteps(scope?: BuildScope, targets?: string[]): { name: string; reason: string }[];
export declare function build(options?: { scope?: BuildScope; targets?: string[]; force?: boolean; log?: (line: string) => void }): boolean;
