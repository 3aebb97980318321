// Types of scripts/inverse-ntt-code.mjs for the TypeScript that imports it.
export declare function inverseNttCode(): { address: `0x${string}`; initCode: `0x${string}`; runtimeCode: `0x${string}` };
