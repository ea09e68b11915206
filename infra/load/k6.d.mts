// Types of k6.mjs for the TypeScript benches that import it.
export declare const K6_MODULE: string;
export declare const k6CacheDir: string;
export declare function k6Binary(): string;
export declare function k6Version(binary: string): string;
