/**
 * The V8 flag every robokit command but `xacro` runs with. V8 lets the heap grow to several
 * times what is alive before it collects; robokit's readers make much short-lived garbage on
 * large robots, and a 100,000-link file would then take 1.5 GB for 0.5 GB of live data. The
 * factor is read at each collection, so it can be set after start-up (`v8.setFlagsFromString`).
 */
export const HEAP_GROWING_FLAG = "--heap-growing-percent=50";
