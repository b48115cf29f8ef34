// aruco.cpp: the implementation of aruco.h. Exceptions never cross into Go:
// they come back as malloc'd messages.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <opencv2/aruco.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "aruco.h"

static const cv::Ptr<cv::aruco::Dictionary> &dict() {
	static const cv::Ptr<cv::aruco::Dictionary> d =
		cv::aruco::getPredefinedDictionary(cv::aruco::DICT_5X5_1000);
	return d;
}

static char *message(const char *what) {
	size_t n = std::strlen(what) + 1;
	char *s = static_cast<char *>(std::malloc(n));
	if (s != NULL) std::memcpy(s, what, n);
	return s;
}

fk_detection fk_detect(void *mat, fk_params p) {
	fk_detection r = {NULL, 0, NULL, 0, NULL};
	try {
		const cv::Mat &img = *static_cast<cv::Mat *>(mat);
		cv::Mat gray = img;
		if (img.channels() == 3) cv::cvtColor(img, gray, cv::COLOR_BGR2GRAY);
		if (img.channels() == 4) cv::cvtColor(img, gray, cv::COLOR_BGRA2GRAY);
		cv::Mat seen = gray;
		if (p.downscale) cv::resize(gray, seen, cv::Size(), 0.5, 0.5, cv::INTER_AREA);

		cv::Ptr<cv::aruco::DetectorParameters> params = cv::aruco::DetectorParameters::create();
		if (p.win_min > 0) params->adaptiveThreshWinSizeMin = p.win_min;
		if (p.win_max > 0) params->adaptiveThreshWinSizeMax = p.win_max;
		if (p.win_step > 0) params->adaptiveThreshWinSizeStep = p.win_step;
		// Corners from the contour's fitted edge lines (robust at acute
		// corners), then cornerSubPix below on the full-size image.
		if (p.min_side > 0) {
			// OpenCV bounds the perimeter relative to the larger image side.
			double side = p.downscale ? p.min_side / 2.0 : p.min_side;
			params->minMarkerPerimeterRate = 4.0 * side / std::max(seen.cols, seen.rows);
		}
		if (p.refine_corners) params->cornerRefinementMethod = cv::aruco::CORNER_REFINE_CONTOUR;
		if (p.aruco3) params->useAruco3Detection = true;
		std::vector<std::vector<cv::Point2f> > corners, rejected;
		std::vector<int> ids;
		cv::aruco::detectMarkers(seen, dict(), corners, ids, params, rejected);
		if (p.downscale) {
			// Pixel j of the half-size image covers pixels 2j and 2j+1: its
			// centre is 2j+0.5 in full-size coordinates.
			for (size_t i = 0; i < corners.size(); i++)
				for (size_t k = 0; k < corners[i].size(); k++)
					corners[i][k] = corners[i][k] * 2.0f + cv::Point2f(0.5f, 0.5f);
			for (size_t i = 0; i < rejected.size(); i++)
				for (size_t k = 0; k < rejected[i].size(); k++)
					rejected[i][k] = rejected[i][k] * 2.0f + cv::Point2f(0.5f, 0.5f);
		}
		if (p.keep_rejected && !rejected.empty()) {
			r.rejected = static_cast<float *>(std::malloc(rejected.size() * 8 * sizeof(float)));
			if (r.rejected == NULL) {
				r.err = message("out of memory");
				return r;
			}
			r.rejected_count = static_cast<int>(rejected.size());
			for (size_t i = 0; i < rejected.size(); i++)
				for (int k = 0; k < 4 && k < static_cast<int>(rejected[i].size()); k++) {
					r.rejected[8 * i + 2 * k] = rejected[i][k].x;
					r.rejected[8 * i + 2 * k + 1] = rejected[i][k].y;
				}
		}
		if (ids.empty()) return r;

		if (p.refine_corners) {
			// aruco's CORNER_REFINE_SUBPIX step, but always on the full-size
			// image, with its default window and criteria.
			cv::TermCriteria crit(cv::TermCriteria::MAX_ITER | cv::TermCriteria::EPS,
				params->cornerRefinementMaxIterations, params->cornerRefinementMinAccuracy);
			cv::Size win(params->cornerRefinementWinSize, params->cornerRefinementWinSize);
			for (size_t i = 0; i < corners.size(); i++)
				cv::cornerSubPix(gray, corners[i], win, cv::Size(-1, -1), crit);
		}

		r.markers = static_cast<fk_marker *>(std::malloc(ids.size() * sizeof(fk_marker)));
		if (r.markers == NULL) {
			r.err = message("out of memory");
			return r;
		}
		r.count = static_cast<int>(ids.size());
		for (size_t i = 0; i < ids.size(); i++) {
			r.markers[i].id = ids[i];
			for (int k = 0; k < 4; k++) {
				r.markers[i].xy[2 * k] = corners[i][k].x;
				r.markers[i].xy[2 * k + 1] = corners[i][k].y;
			}
		}
	} catch (const std::exception &e) {
		std::free(r.markers);
		std::free(r.rejected);
		r.markers = NULL;
		r.count = 0;
		r.rejected = NULL;
		r.rejected_count = 0;
		r.err = message(e.what());
	}
	return r;
}

void fk_detection_free(fk_detection d) {
	std::free(d.markers);
	std::free(d.rejected);
	std::free(d.err);
}

int fk_dict_size(void) { return dict()->bytesList.rows; }

char *fk_dict_bits(int id, unsigned char *out25) {
	try {
		const cv::Ptr<cv::aruco::Dictionary> &d = dict();
		if (id < 0 || id >= d->bytesList.rows) return message("marker id out of range");
		cv::Mat bits = cv::aruco::Dictionary::getBitsFromByteList(d->bytesList.rowRange(id, id + 1), d->markerSize);
		if (bits.rows != 5 || bits.cols != 5 || bits.type() != CV_8UC1) return message("unexpected bit matrix");
		for (int y = 0; y < 5; y++)
			for (int x = 0; x < 5; x++) out25[5 * y + x] = bits.at<unsigned char>(y, x) != 0;
	} catch (const std::exception &e) {
		return message(e.what());
	}
	return NULL;
}

char *fk_draw_marker(int id, int side, void *mat) {
	try {
		cv::aruco::drawMarker(dict(), id, side, *static_cast<cv::Mat *>(mat), 1);
	} catch (const std::exception &e) {
		return message(e.what());
	}
	return NULL;
}

void fk_set_num_threads(int n) { cv::setNumThreads(n); }
