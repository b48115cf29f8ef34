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
#include "candidates.hpp"

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

// halfGray writes the grey image of img (8-bit BGR or BGRA, even width and
// height) at half size: each pixel the mean of a 2x2 block, weighted as
// cvtColor weights B, G and R. It reads img once, where cvtColor and then
// resize read the full-size grey image a second time; the result differs
// from theirs by at most one grey level (rounding).
static void halfGray(const cv::Mat &img, cv::Mat &out) {
	const int ch = img.channels(), w = img.cols / 2, h = img.rows / 2;
	out.create(h, w, CV_8UC1);
	for (int y = 0; y < h; y++) {
		const unsigned char *a = img.ptr<unsigned char>(2 * y), *b = img.ptr<unsigned char>(2 * y + 1);
		unsigned char *o = out.ptr<unsigned char>(y);
		for (int x = 0; x < w; x++) {
			const unsigned char *p = a + 2 * ch * x, *q = b + 2 * ch * x;
			unsigned B = p[0] + p[ch] + q[0] + q[ch];
			unsigned G = p[1] + p[ch + 1] + q[1] + q[ch + 1];
			unsigned R = p[2] + p[ch + 2] + q[2] + q[ch + 2];
			// cvtColor's fixed-point weights (14 bits), over the 4 pixels.
			o[x] = static_cast<unsigned char>((B * 1868 + G * 9617 + R * 4899 + (1 << 15)) >> 16);
		}
	}
}

// refineOnPatch is cornerSubPix on the full-size grey image for one marker's
// corners, greying only a patch around each corner. cornerSubPix never moves
// a corner by more than the window and samples one pixel beyond the window
// around it, so a patch reaching twice the window and a margin beyond the
// corner gives what the whole grey image gives. Patches, not one around the
// marker: the image has left the cache by now, and each row touched costs.
static void refineOnPatch(const cv::Mat &img, std::vector<cv::Point2f> &corners, cv::Size win, cv::TermCriteria crit) {
	const int ch = img.channels();
	const int reach = 2 * std::max(win.width, win.height) + 3;
	std::vector<cv::Point2f> one(1);
	for (size_t k = 0; k < corners.size(); k++) {
		int cx = cvRound(corners[k].x), cy = cvRound(corners[k].y);
		cv::Rect box = cv::Rect(cx - reach, cy - reach, 2 * reach + 1, 2 * reach + 1) & cv::Rect(0, 0, img.cols, img.rows);
		if (box.width <= 2 * win.width + 5 || box.height <= 2 * win.height + 5) continue;
		// Greyed here as cvtColor greys (its fixed-point weights and
		// rounding); cvtColor's own call costs more than a small patch.
		// Ask for all the patch's rows first: fetched together, not one
		// after the other.
		for (int y = 0; y < box.height; y++) {
			const unsigned char *p = img.ptr<unsigned char>(box.y + y) + ch * box.x;
			for (int x = 0; x < ch * box.width; x += 64) __builtin_prefetch(p + x);
			__builtin_prefetch(p + ch * box.width - 1);
		}
		cv::Mat patch(box.height, box.width, CV_8UC1);
		for (int y = 0; y < box.height; y++) {
			const unsigned char *p = img.ptr<unsigned char>(box.y + y) + ch * box.x;
			unsigned char *o = patch.ptr<unsigned char>(y);
			for (int x = 0; x < box.width; x++, p += ch)
				o[x] = static_cast<unsigned char>((p[0] * 1868 + p[1] * 9617 + p[2] * 4899 + (1 << 13)) >> 14);
		}
		cv::Point2f off(static_cast<float>(box.x), static_cast<float>(box.y));
		one[0] = corners[k] - off;
		cv::cornerSubPix(patch, one, win, cv::Size(-1, -1), crit);
		corners[k] = one[0] + off;
	}
}

fk_detection fk_detect(void *mat, fk_params p, void *gray_out, void *half_out) {
	fk_detection r = {NULL, 0, NULL, 0, NULL};
	try {
		const cv::Mat &img = *static_cast<cv::Mat *>(mat);
		// gray is the full-size grey image, seen the one the detector sees.
		// A large colour image halved (a photo) is greyed and halved in one
		// pass (halfGray), and its full-size grey is never made: the corners
		// are refined on grey patches around them (refineOnPatch). Below
		// fusedPixels the full-size grey stays in the cache and the two
		// steps cost no more.
		const double fusedPixels = 4e6;
		cv::Mat gray, seen;
		bool fused = p.downscale && img.channels() > 1 && img.cols % 2 == 0 && img.rows % 2 == 0 &&
			static_cast<double>(img.total()) > fusedPixels;
		if (fused) {
			halfGray(img, seen);
			if (half_out != NULL) *static_cast<cv::Mat *>(half_out) = seen;
		} else {
			gray = img;
			if (img.channels() == 3) cv::cvtColor(img, gray, cv::COLOR_BGR2GRAY);
			if (img.channels() == 4) cv::cvtColor(img, gray, cv::COLOR_BGRA2GRAY);
			seen = gray;
			if (p.downscale) cv::resize(gray, seen, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
			if (gray_out != NULL) *static_cast<cv::Mat *>(gray_out) = gray;
		}

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
		if (p.max_side > 0) {
			double side = p.downscale ? p.max_side / 2.0 : p.max_side;
			params->maxMarkerPerimeterRate = 4.0 * side / std::max(seen.cols, seen.rows);
		}
		if (p.refine_corners) params->cornerRefinementMethod = cv::aruco::CORNER_REFINE_CONTOUR;
		if (p.aruco3) params->useAruco3Detection = true;
		std::vector<std::vector<cv::Point2f> > corners, rejected;
		std::vector<int> ids;
		if (p.own && fk::ownDetectorCovers(*params, *dict()))
			fk::detectOwn(seen, *dict(), *params, corners, ids, rejected);
		else
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

		if (p.refine_corners && !(p.downscale && p.halved_corners)) {
			// aruco's CORNER_REFINE_SUBPIX step, but always on the full-size
			// image, with its default window and criteria.
			cv::TermCriteria crit(cv::TermCriteria::MAX_ITER | cv::TermCriteria::EPS,
				params->cornerRefinementMaxIterations, params->cornerRefinementMinAccuracy);
			cv::Size win(params->cornerRefinementWinSize, params->cornerRefinementWinSize);
			for (size_t i = 0; i < corners.size(); i++) {
				if (fused)
					refineOnPatch(img, corners[i], win, crit);
				else
					cv::cornerSubPix(gray, corners[i], win, cv::Size(-1, -1), crit);
			}
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
