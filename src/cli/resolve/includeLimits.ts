/**
 * Bounds on what `<include>` may make robokit read. Each limit has its own diagnostic
 * (INCLUDE_TOO_LARGE, INCLUDE_DEPTH_EXCEEDED, INCLUDE_TOTAL_TOO_LARGE) and makes `validate`
 * exit 1. Sizes are in bytes.
 */
export interface IncludeLimits {
  /** Largest single included file (or model.config) that is read. */
  readonly maxFileBytes: number;
  /** Most bytes read for all included files of one top-level file together (each file counted once). */
  readonly maxTotalBytes: number;
}

/** 16 MiB per included file, 64 MiB in total: far above any real model, far below memory trouble. */
export const defaultIncludeLimits: IncludeLimits = { maxFileBytes: 16 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };
