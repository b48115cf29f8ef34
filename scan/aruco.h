// aruco.h: fieldkit's own C interface to OpenCV's aruco module (contrib, 4.6).
// Mats are passed as the cv::Mat pointers that gocv keeps (gocv.Mat.Ptr()).
// Every result allocated here is released by the matching fk_*_free call.
#ifndef FIELDKIT_ARUCO_H
#define FIELDKIT_ARUCO_H

#ifdef __cplusplus
extern "C" {
#endif

// fk_params holds the detector settings we tune; a value <= 0 keeps OpenCV's default.
typedef struct {
	int downscale;      // 1: detect on the image halved with INTER_AREA
	int win_min, win_max, win_step;
	int refine_corners; // 1: sub-pixel corners, refined on the full-size image
	int min_side;       // smallest marker side in pixels of the full-size image; <= 0: OpenCV's default (3% of the larger image side)
	int keep_rejected;  // 1: also return the candidate squares whose bits did not decode
	int aruco3;         // 1: OpenCV's fast mode (useAruco3Detection)
	int halved_corners; // 1 with downscale and refine_corners: no cornerSubPix on the full-size image
	int max_side;       // largest marker side in pixels of the full-size image; <= 0: OpenCV's default (a perimeter of 4 times the larger image side)
	int own;            // 1: fieldkit's own run of detectMarkers (candidates.cpp), same results, less time
} fk_params;

// fk_marker is one detected marker: its id and 4 corners (x0,y0,...,x3,y3),
// clockwise from the marker's own top-left corner.
typedef struct {
	int id;
	float xy[8];
} fk_marker;

// fk_detection is the result of fk_detect: markers (malloc'd, count entries),
// with keep_rejected the rejected candidates' corners (malloc'd, 8 floats
// each, rejected_count of them), or err (malloc'd message) when OpenCV threw.
typedef struct {
	fk_marker *markers;
	int count;
	float *rejected;
	int rejected_count;
	char *err;
} fk_detection;

// fk_detect finds DICT_5X5_1000 markers in an 8-bit image with 1 (gray),
// 3 (BGR) or 4 (BGRA) channels. When gray_out (a cv::Mat pointer) is not
// NULL it receives the full-size grey image the detector made (sharing its
// pixels), or is left as it is when none was made (a photo greyed and
// halved in one pass). When half_out is not NULL it receives that photo's
// half-size grey image (pixel j the mean of pixels 2j and 2j+1 both ways),
// or is left as it is when the detector made none.
fk_detection fk_detect(void *mat, fk_params p, void *gray_out, void *half_out);
void fk_detection_free(fk_detection d);

// fk_dict_size is the number of markers in DICT_5X5_1000.
int fk_dict_size(void);

// fk_dict_bits writes the 5x5 data bits of marker id from the dictionary's
// bytesList, row-major, 1 = white. It returns a malloc'd message on error, else NULL.
char *fk_dict_bits(int id, unsigned char *out25);

// fk_draw_marker renders marker id with a one-bit black border into mat
// (side x side pixels, CV_8UC1) with OpenCV's drawMarker. Error as fk_dict_bits.
char *fk_draw_marker(int id, int side, void *mat);

// fk_set_num_threads sets the number of threads OpenCV may use (cv::setNumThreads).
void fk_set_num_threads(int n);

#ifdef __cplusplus
}
#endif

#endif
