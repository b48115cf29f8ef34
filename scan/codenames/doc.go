// Package codenames reads a photographed Codenames table (Duet or classic):
// which word card lies in which cell of the 5x5 grid, what covers each cell,
// and where the guess token lies. It finds the markers with package scan,
// fits the grid with scan's homography, and reads the printed sizes from
// package geometry/codenames. Tracker follows a table through a video;
// Reading is the scan JSON form, what `fieldkit scan --json` prints and the
// table server sends.
package codenames
