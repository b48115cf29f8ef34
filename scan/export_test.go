package scan

// SetNumThreads lets the external tests measure one core.
var SetNumThreads = setNumThreads
