// candidates.cpp: fieldkit's own run of aruco's detectMarkers (OpenCV 4.6,
// the classic path: adaptive threshold, contours, squares, bits, lookup),
// step for step as OpenCV's, with the same OpenCV calls where they decide a
// result, but without what costs there for nothing on one core: the
// threshold's mean (windows up to 15) and its comparison are made in one
// pass, 16 pixels at a time, the
// contours are traced by an own tracer that gives OpenCV's borders point for
// point and in its order (it finds where a border starts 16 pixels at a
// time, looks each turn up in a table, and copies out only the borders the
// perimeter bounds keep), a square's 25 bits are looked up among the
// dictionary's sorted codes (OpenCV calls a Hamming function for each of
// its 4,000 codes, about 30 us a square that is no marker), the cells'
// white pixels are counted in place, and no thread pool or trace region is
// entered. Same markers, same corners, same rejected squares:
// TestOwnDetectorSame holds it.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <opencv2/aruco.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "candidates.hpp"
namespace fk {

namespace {

typedef std::vector<cv::Point2f> Quad;

// Codes is the dictionary's codes as 32-bit words, 4 rotations a marker,
// each packed as getByteListFromBits packs a square's bits (rotation 0):
// the first bit read is the first byte's highest; sorted for lookup.
struct Codes {
	int count; // markers
	int markerSize;
	int maxCorrection;            // maxCorrectionBits, before the detector's rate
	std::vector<uint64_t> sorted; // code << 32 | marker << 2 | rotation, in order
};

Codes makeCodes(const cv::aruco::Dictionary &d) {
	Codes c;
	c.markerSize = d.markerSize;
	c.maxCorrection = d.maxCorrectionBits;
	const int nbytes = (d.markerSize * d.markerSize + 7) / 8;
	CV_Assert(nbytes <= 4);
	c.count = d.bytesList.rows;
	for (int m = 0; m < d.bytesList.rows; m++) {
		const uchar *row = d.bytesList.ptr(m);
		for (int r = 0; r < 4; r++) {
			uint32_t w = 0;
			for (int j = 0; j < nbytes; j++) w = (w << 8) | row[r * nbytes + j];
			c.sorted.push_back(static_cast<uint64_t>(w) << 32 | static_cast<uint64_t>(m) << 2 | static_cast<uint64_t>(r));
		}
	}
	std::sort(c.sorted.begin(), c.sorted.end());
	return c;
}

// pack packs a square's inner bits (row-major, 0 or 1) as Codes packs.
uint32_t pack(const uchar *bits, int n) {
	uint32_t w = 0;
	uchar cur = 0;
	int used = 0, bytes = 0;
	for (int i = 0; i < n; i++) {
		cur = static_cast<uchar>((cur << 1) | bits[i]);
		if (++used == 8) {
			w = (w << 8) | cur;
			cur = 0;
			used = 0;
			bytes++;
		}
	}
	if (used > 0) {
		w = (w << 8) | cur;
		bytes++;
	}
	return w;
}

// identify is Dictionary::identify: the first marker one of whose rotations
// lies within maxCorr bits of code, with its nearest rotation (the first of
// equals). Within one bit (DICT_5X5_1000 at the default rate) the codes are
// looked up by the code itself and its 32 one-bit changes (ownDetectorCovers
// asks for no more).
bool identify(const Codes &c, uint32_t code, int maxCorr, int &idx, int &rotation) {
	int bestM = -1, bestDist = 0, bestRot = 0;
	for (int b = -1; b < (maxCorr == 1 ? 32 : 0); b++) {
		const uint32_t probe = b < 0 ? code : code ^ (1u << b);
		const int dist = b < 0 ? 0 : 1;
		std::vector<uint64_t>::const_iterator it =
			std::lower_bound(c.sorted.begin(), c.sorted.end(), static_cast<uint64_t>(probe) << 32);
		for (; it != c.sorted.end() && static_cast<uint32_t>(*it >> 32) == probe; ++it) {
			const int m = static_cast<int>((*it >> 2) & 0x3fffffff), r = static_cast<int>(*it & 3);
			if (bestM < 0 || m < bestM || (m == bestM && (dist < bestDist || (dist == bestDist && r < bestRot)))) {
				bestM = m;
				bestDist = dist;
				bestRot = r;
			}
		}
	}
	if (bestM < 0) return false;
	idx = bestM;
	rotation = bestRot;
	return true;
}

// extractBits is aruco's _extractBits into bits (sizeWithBorders squared,
// row-major): the square unwarped to cells of cellSize pixels, Otsu's
// threshold, a cell white when over half its pixels are.
void extractBits(const cv::Mat &grey, const Quad &corners, int sizeWithBorders, int cellSize, double marginRate,
	double minStdDev, cv::Mat &warped, std::vector<uchar> &bits) {
	const int margin = static_cast<int>(marginRate * cellSize);
	const int side = sizeWithBorders * cellSize;
	const cv::Point2f dst[4] = {cv::Point2f(0, 0), cv::Point2f(static_cast<float>(side) - 1, 0),
		cv::Point2f(static_cast<float>(side) - 1, static_cast<float>(side) - 1),
		cv::Point2f(0, static_cast<float>(side) - 1)};
	const cv::Point2f src[4] = {corners[0], corners[1], corners[2], corners[3]};
	cv::Mat t = cv::getPerspectiveTransform(src, dst);
	cv::warpPerspective(grey, warped, t, cv::Size(side, side), cv::INTER_NEAREST);
	bits.assign(static_cast<size_t>(sizeWithBorders * sizeWithBorders), 0);
	cv::Mat inner = warped.colRange(cellSize / 2, warped.cols - cellSize / 2).rowRange(cellSize / 2, warped.rows - cellSize / 2);
	cv::Scalar mean, stddev;
	cv::meanStdDev(inner, mean, stddev);
	if (stddev[0] < minStdDev) {
		if (mean[0] > 127) std::fill(bits.begin(), bits.end(), 1);
		return;
	}
	cv::threshold(warped, warped, 125, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
	const int cell = cellSize - 2 * margin;
	const size_t half = static_cast<size_t>(cell * cell) / 2;
	for (int y = 0; y < sizeWithBorders; y++)
		for (int x = 0; x < sizeWithBorders; x++) {
			size_t white = 0;
			for (int v = 0; v < cell; v++) {
				const uchar *p = warped.ptr<uchar>(y * cellSize + margin + v) + x * cellSize + margin;
				for (int u = 0; u < cell; u++) white += p[u] != 0;
			}
			if (white > half) bits[static_cast<size_t>(y * sizeWithBorders + x)] = 1;
		}
}

// BoxDiv is how cv::boxFilter divides a window's sum by its area for an
// 8-bit image and a window of at most 256 pixels (ColumnSum<ushort, uchar>,
// summed in 16 bits): mean = (sum + dd) * ds >> 23.
struct BoxDiv {
	unsigned dd, ds;
	explicit BoxDiv(int win) {
		const int d = win * win;
		double scalef = static_cast<double>(1 << 23) / d;
		ds = static_cast<unsigned>(std::floor(scalef));
		scalef -= ds;
		dd = static_cast<unsigned>(d / 2);
		if (scalef < 0.5)
			dd++;
		else
			ds++;
	}
};

// ownBoxWin is the largest window boxThreshold takes: OpenCV sums windows
// of up to 256 pixels in 16 bits and divides as BoxDiv does, larger ones in
// 32 bits and floating point. Up to prefixFromWin windows are summed across
// directly, larger ones as the difference of two running sums.
const int ownBoxWin = 15, prefixFromWin = 9;

// boxThreshold is threshold for windows up to ownBoxWin: the window's sum
// kept column by column as the rows go down (the rows beyond the image's
// edge replicated, as BORDER_REPLICATE | BORDER_ISOLATED has them), the
// columns summed across the window (16-bit sums: the largest window's sum
// fits; running sums wrap, and their difference is the window's sum all
// the same), divided as cv::boxFilter divides, and
// compared, all in one pass over the image, 16 pixels at a time where
// SSE2 is. Integers throughout, so the mean is OpenCV's to the bit
// (TestOwnDetectorSame). cols holds the sums (reused).
void boxThreshold(const cv::Mat &grey, cv::Mat &thresh, int win, int idelta, std::vector<uint16_t> &cols) {
	const int w = grey.cols, h = grey.rows, r = win / 2;
	const BoxDiv div(win);
	cols.assign(static_cast<size_t>(3 * w + 4 * r + 1), 0);
	// pad: col with r copies of each end beside it; run: pad's running sums.
	uint16_t *col = cols.data(), *pad = col + w, *run = pad + w + 2 * r;
	const bool running = win >= prefixFromWin;
	for (int k = -r; k <= r; k++) {
		const uchar *s = grey.ptr<uchar>(std::min(std::max(k, 0), h - 1));
		for (int x = 0; x < w; x++) col[x] = static_cast<uint16_t>(col[x] + s[x]);
	}
	for (int y = 0; y < h; y++) {
		if (y > 0) {
			const uchar *add = grey.ptr<uchar>(std::min(y + r, h - 1)), *sub = grey.ptr<uchar>(std::max(y - r - 1, 0));
			int x = 0;
#if defined(__SSE2__)
			const __m128i z = _mm_setzero_si128();
			for (; x + 16 <= w; x += 16) {
				const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i *>(add + x)),
					b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(sub + x));
				__m128i *c = reinterpret_cast<__m128i *>(col + x);
				_mm_storeu_si128(c, _mm_sub_epi16(_mm_add_epi16(_mm_loadu_si128(c), _mm_unpacklo_epi8(a, z)), _mm_unpacklo_epi8(b, z)));
				_mm_storeu_si128(c + 1, _mm_sub_epi16(_mm_add_epi16(_mm_loadu_si128(c + 1), _mm_unpackhi_epi8(a, z)), _mm_unpackhi_epi8(b, z)));
			}
#endif
			for (; x < w; x++) col[x] = static_cast<uint16_t>(col[x] + add[x] - sub[x]);
		}
		for (int i = 0; i < r; i++) {
			pad[i] = col[0];
			pad[r + w + i] = col[w - 1];
		}
		std::memcpy(pad + r, col, static_cast<size_t>(w) * sizeof(uint16_t));
		if (running) {
			uint16_t acc = 0;
			int i = 0;
			run[0] = 0;
#if defined(__SSE2__)
			// run[i+1..i+8]: the 8 sums within, plus all before (carry).
			__m128i carry = _mm_setzero_si128();
			for (; i + 8 <= w + 2 * r; i += 8) {
				__m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(pad + i));
				v = _mm_add_epi16(v, _mm_slli_si128(v, 2));
				v = _mm_add_epi16(v, _mm_slli_si128(v, 4));
				v = _mm_add_epi16(v, _mm_slli_si128(v, 8));
				v = _mm_add_epi16(v, carry);
				_mm_storeu_si128(reinterpret_cast<__m128i *>(run + i + 1), v);
				const __m128i last = _mm_shufflehi_epi16(v, 0xff);
				carry = _mm_unpackhi_epi64(last, last);
			}
			acc = run[i];
#endif
			for (; i < w + 2 * r; i++) {
				acc = static_cast<uint16_t>(acc + pad[i]);
				run[i + 1] = acc;
			}
		}
		const uchar *s = grey.ptr<uchar>(y);
		uchar *m = thresh.ptr<uchar>(y);
		int x = 0;
#if defined(__SSE2__)
		// (sum + dd) * ds >> 23 in 16-bit lanes: ds = dsH << 16 | dsL, and
		// the product shifted by 16 is sum * dsH plus the high half of
		// sum * dsL, below 2^15 where the mean is at most 255.
		const __m128i dd = _mm_set1_epi16(static_cast<short>(div.dd)), dsH = _mm_set1_epi16(static_cast<short>(div.ds >> 16)),
			dsL = _mm_set1_epi16(static_cast<short>(div.ds & 0xffff)), k = _mm_set1_epi8(static_cast<char>(idelta)),
			one = _mm_set1_epi8(1);
		for (; x + 16 <= w; x += 16) {
			__m128i mean[2];
			for (int q = 0; q < 2; q++) {
				__m128i sum;
				if (running) {
					const uint16_t *e = run + x + 8 * q;
					sum = _mm_sub_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(e + win)),
						_mm_loadu_si128(reinterpret_cast<const __m128i *>(e)));
				} else {
					const uint16_t *p = pad + x + 8 * q;
					sum = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
					for (int j = 1; j < win; j++) sum = _mm_add_epi16(sum, _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + j)));
				}
				sum = _mm_add_epi16(sum, dd);
				mean[q] = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(sum, dsH), _mm_mulhi_epu16(sum, dsL)), 7);
			}
			// mean - pixel, saturated at 0, is at least idelta.
			const __m128i d = _mm_subs_epu8(_mm_packus_epi16(mean[0], mean[1]), _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + x)));
			_mm_storeu_si128(reinterpret_cast<__m128i *>(m + x), _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(d, k), d), one));
		}
#endif
		for (; x < w; x++) {
			unsigned sum = 0;
			if (running)
				sum = static_cast<uint16_t>(run[x + win] - run[x]);
			else
				for (int j = 0; j < win; j++) sum += pad[x + j];
			const int mean = static_cast<int>((sum + div.dd) * div.ds >> 23);
			m[x] = mean - s[x] >= idelta ? 1 : 0;
		}
	}
}

// threshold is cv::adaptiveThreshold(grey, thresh, 1, ADAPTIVE_THRESH_MEAN_C,
// THRESH_BINARY_INV, win, constant) into thresh (grey's size, possibly a
// region of a larger image): the same box filter for the mean, then a pixel
// is white when the mean exceeds it by at least the constant rounded down,
// as OpenCV's table lookup has it, but compared 16 pixels at a time (OpenCV
// looks each pixel up in a table, one by one: about half its time). Windows
// up to ownBoxWin are filtered and compared in one pass (boxThreshold).
void threshold(const cv::Mat &grey, cv::Mat &thresh, int win, double constant, std::vector<uint16_t> &cols) {
	const int idelta = cvFloor(constant);
	if (idelta < 1 || idelta > 255) {
		cv::adaptiveThreshold(grey, thresh, 1, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV, win, constant);
		return;
	}
	if (win <= ownBoxWin) {
		boxThreshold(grey, thresh, win, idelta, cols);
		return;
	}
	cv::boxFilter(grey, thresh, grey.type(), cv::Size(win, win), cv::Point(-1, -1), true, cv::BORDER_REPLICATE | cv::BORDER_ISOLATED);
	const int w = grey.cols;
	for (int y = 0; y < grey.rows; y++) {
		const uchar *s = grey.ptr<uchar>(y);
		uchar *m = thresh.ptr<uchar>(y);
		int x = 0;
#if defined(__SSE2__)
		const __m128i k = _mm_set1_epi8(static_cast<char>(idelta)), one = _mm_set1_epi8(1);
		for (; x + 16 <= w; x += 16) {
			// mean - pixel, saturated at 0, is at least idelta.
			__m128i d = _mm_subs_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(m + x)),
				_mm_loadu_si128(reinterpret_cast<const __m128i *>(s + x)));
			_mm_storeu_si128(reinterpret_cast<__m128i *>(m + x), _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(d, k), d), one));
		}
#endif
		for (; x < w; x++) m[x] = static_cast<int>(m[x]) - static_cast<int>(s[x]) >= idelta ? 1 : 0;
	}
}

// The eight steps around a pixel, counter-clockwise from the right as the
// image shows it (y grows downwards), in Suzuki's order as OpenCV numbers them.
const int stepX[8] = {1, 1, 0, -1, -1, -1, 0, 1};
const int stepY[8] = {0, -1, -1, -1, 0, 1, 1, 1};

// Marks a traced border leaves in the 0/1 image, as OpenCV's tracer leaves
// them: a border pixel, and one whose right neighbour is background.
const uchar borderMark = 2, rightMark = 0x82;

// Turns is, for each direction a tracer came back from (came, 0-7) and
// each set of foreground neighbours (bit k for step k), the step it leaves
// by: the first foreground neighbour counter-clockwise after came, or 8
// where there is none. Bit 3 of an entry says the pixel has background to
// its right, as OpenCV's tracer decides it (the step lies strictly between
// 0 and came).
struct Turns {
	uchar next[8][256];
	Turns() {
		for (int came = 0; came < 8; came++)
			for (int m = 0; m < 256; m++) {
				int s = 8;
				for (int k = 1; k <= 8; k++)
					if (m >> ((came + k) & 7) & 1) {
						s = (came + k) & 7;
						break;
					}
				const bool right = s < 8 && static_cast<unsigned>(s - 1) < static_cast<unsigned>(came);
				next[came][m] = static_cast<uchar>(s | (right ? 8 : 0));
			}
	}
};

const Turns turns;

// neighbours is the set of cur's foreground neighbours, bit k for step k.
inline unsigned neighbours(const uchar *cur, ptrdiff_t step) {
	const uchar *up = cur - step, *down = cur + step;
	return static_cast<unsigned>(cur[1] != 0) | static_cast<unsigned>(up[1] != 0) << 1 |
		static_cast<unsigned>(up[0] != 0) << 2 | static_cast<unsigned>(up[-1] != 0) << 3 |
		static_cast<unsigned>(cur[-1] != 0) << 4 | static_cast<unsigned>(down[-1] != 0) << 5 |
		static_cast<unsigned>(down[0] != 0) << 6 | static_cast<unsigned>(down[1] != 0) << 7;
}

// follow traces, in a 0/1 image framed by zeros, the border on which
// pixel at lies (the first foreground pixel of an outer border, or the last
// foreground pixel before a hole), as OpenCV's icvFetchContour traces it
// without approximation: the same start, the same turn at each pixel,
// the same marks. Each turn is looked up in turns from the pixel's
// neighbours (OpenCV tries the neighbours one by one). The border's pixels
// go into pts (cleared first) from (x, y), at's position less the frame.
void follow(uchar *at, ptrdiff_t step, const int off[8], bool hole, int x, int y, std::vector<cv::Point> &pts) {
	pts.clear();
	unsigned around = neighbours(at, step);
	if (around == 0) { // a pixel alone
		*at = rightMark;
		pts.push_back(cv::Point(x, y));
		return;
	}
	// The last neighbour clockwise from the start direction (it exists:
	// around is not empty): where the border comes back to at.
	const int first = hole ? 0 : 4;
	int s = first;
	do s = (s - 1) & 7;
	while (!(around >> s & 1));
	const uchar *back = at + off[s];
	uchar *cur = at;
	for (;;) {
		const unsigned t = turns.next[s][around];
		s = static_cast<int>(t & 7);
		if (t & 8)
			*cur = rightMark;
		else if (*cur == 1)
			*cur = borderMark;
		pts.push_back(cv::Point(x, y));
		x += stepX[s];
		y += stepY[s];
		uchar *next = cur + off[s];
		if (next == at && cur == back) break;
		cur = next;
		s = (s + 4) & 7;
		around = neighbours(cur, step);
	}
}

// nextStart is the first x' from x on, before end, where a border starts
// in a row of the marked 0/1 image: an unvisited foreground pixel after a
// background one (an outer border), or a background pixel after a
// foreground one that no traced border has marked as having background to
// its right (a hole). OpenCV's scan stops at every change of value and
// tests these there; the tests need only the pixel and its left
// neighbour, so here 16 pixels are tested at a time where SSE2 is.
inline int nextStart(const uchar *row, int x, int end) {
#if defined(__SSE2__)
	const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1), two = _mm_set1_epi8(static_cast<char>(borderMark));
	for (; x + 16 <= end; x += 16) {
		const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + x));
		const __m128i l = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + x - 1));
		const __m128i outer = _mm_and_si128(_mm_cmpeq_epi8(l, zero), _mm_cmpeq_epi8(c, one));
		const __m128i hole =
			_mm_and_si128(_mm_cmpeq_epi8(c, zero), _mm_or_si128(_mm_cmpeq_epi8(l, one), _mm_cmpeq_epi8(l, two)));
		const unsigned m = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(outer, hole)));
		if (m != 0) return x + __builtin_ctz(m);
	}
#endif
	for (; x < end; x++) {
		const uchar l = row[x - 1], c = row[x];
		if ((l == 0 && c == 1) || (c == 0 && (l == 1 || l == borderMark))) return x;
	}
	return end;
}

// borders is cv::findContours(thresh, RETR_LIST, CHAIN_APPROX_NONE) on a 0/1
// image given inside a 1-pixel frame of zeros (bordered), with Suzuki's
// raster scan as OpenCV runs it (the image is left marked as OpenCV leaves
// it), but appending to kept only the borders whose length lies in
// [minLength, maxLength], in the order cv::findContours lists them (the
// last found first). Border starts are found 16 pixels at a time
// (nextStart); no border is copied, bounded or linked into a tree unless
// kept (OpenCV does all three for each of thousands of specks).
void borders(cv::Mat &bordered, size_t minLength, size_t maxLength, std::vector<std::vector<cv::Point> > &kept) {
	const ptrdiff_t step = static_cast<ptrdiff_t>(bordered.step[0]);
	int off[8];
	for (int k = 0; k < 8; k++) off[k] = stepX[k] + stepY[k] * static_cast<int>(step);
	const int width = bordered.cols - 1, height = bordered.rows - 1;
	std::vector<cv::Point> pts;
	const size_t before = kept.size();
	for (int y = 1; y < height; y++) {
		uchar *row = bordered.ptr<uchar>(y);
		for (int x = 1;; x++) {
			x = nextStart(row, x, width);
			if (x >= width) break;
			const bool hole = row[x] == 0;
			follow(row + x - hole, step, off, hole, x - hole - 1, y - 1, pts);
			if (pts.size() >= minLength && pts.size() <= maxLength) kept.push_back(pts);
		}
	}
	std::reverse(kept.begin() + static_cast<ptrdiff_t>(before), kept.end());
}

// findSquares is aruco's _findMarkerContours for one thresholded image (0
// or 1 a pixel), given inside a 1-pixel frame of zeros (bordered): the
// borders the perimeter bounds keep, those that approximate to a convex
// quadrilateral away from the image's edge.
void findSquares(cv::Mat &bordered, const cv::aruco::DetectorParameters &p, std::vector<Quad> &quads,
	std::vector<std::vector<cv::Point> > &outlines) {
	const cv::Size size(bordered.cols - 2, bordered.rows - 2);
	const int larger = std::max(size.width, size.height);
	const unsigned minPerimeter = static_cast<unsigned>(p.minMarkerPerimeterRate * larger);
	const unsigned maxPerimeter = static_cast<unsigned>(p.maxMarkerPerimeterRate * larger);
	std::vector<std::vector<cv::Point> > found;
	borders(bordered, minPerimeter, maxPerimeter, found);
	std::vector<cv::Point> approx;
	for (size_t i = 0; i < found.size(); i++) {
		std::vector<cv::Point> &c = found[i];
		cv::approxPolyDP(c, approx, static_cast<double>(c.size()) * p.polygonalApproxAccuracyRate, true);
		if (approx.size() != 4 || !cv::isContourConvex(approx)) continue;
		double minDistSq = static_cast<double>(larger) * larger;
		for (int j = 0; j < 4; j++) {
			double dx = approx[j].x - approx[(j + 1) % 4].x, dy = approx[j].y - approx[(j + 1) % 4].y;
			minDistSq = std::min(minDistSq, dx * dx + dy * dy);
		}
		double minCorner = static_cast<double>(c.size()) * p.minCornerDistanceRate;
		if (minDistSq < minCorner * minCorner) continue;
		bool nearBorder = false;
		for (int j = 0; j < 4; j++)
			if (approx[j].x < p.minDistanceToBorder || approx[j].y < p.minDistanceToBorder ||
				approx[j].x > size.width - 1 - p.minDistanceToBorder ||
				approx[j].y > size.height - 1 - p.minDistanceToBorder)
				nearBorder = true;
		if (nearBorder) continue;
		Quad q(4);
		for (int j = 0; j < 4; j++) q[j] = cv::Point2f(static_cast<float>(approx[j].x), static_cast<float>(approx[j].y));
		quads.push_back(q);
		outlines.push_back(std::move(c));
	}
}

// keepLarger is aruco's _filterTooCloseCandidates without inverted markers:
// of squares whose corners lie close, the largest by area.
void keepLarger(const std::vector<Quad> &in, const std::vector<std::vector<cv::Point> > &inOutlines, double rate,
	std::vector<Quad> &out, std::vector<std::vector<cv::Point> > &outOutlines) {
	std::vector<int> group(in.size(), -1);
	std::vector<std::vector<unsigned> > groups;
	for (unsigned i = 0; i < in.size(); i++) {
		bool single = true;
		for (unsigned j = i + 1; j < in.size(); j++) {
			int minPerimeter = std::min(static_cast<int>(inOutlines[i].size()), static_cast<int>(inOutlines[j].size()));
			for (int fc = 0; fc < 4; fc++) {
				double d = 0;
				for (int c = 0; c < 4; c++) {
					int k = (c + fc) % 4;
					d += (in[i][k].x - in[j][c].x) * (in[i][k].x - in[j][c].x) +
						(in[i][k].y - in[j][c].y) * (in[i][k].y - in[j][c].y);
				}
				d /= 4.;
				double minDist = static_cast<double>(minPerimeter) * rate;
				if (d < minDist * minDist) {
					single = false;
					if (group[i] < 0 && group[j] < 0) {
						group[i] = group[j] = static_cast<int>(groups.size());
						groups.push_back(std::vector<unsigned>{i, j});
					} else if (group[i] > -1 && group[j] == -1) {
						group[j] = group[i];
						groups[group[i]].push_back(j);
					} else if (group[j] > -1 && group[i] == -1) {
						group[i] = group[j];
						groups[group[j]].push_back(i);
					}
				}
			}
		}
		if (single && group[i] < 0) {
			group[i] = static_cast<int>(groups.size());
			groups.push_back(std::vector<unsigned>{i, i});
		}
	}
	for (size_t g = 0; g < groups.size(); g++) {
		unsigned bigger = groups[g][0];
		double biggerArea = cv::contourArea(in[bigger]);
		for (size_t j = 1; j < groups[g].size(); j++) {
			double a = cv::contourArea(in[groups[g][j]]);
			if (a >= biggerArea) {
				bigger = groups[g][j];
				biggerArea = a;
			}
		}
		out.push_back(in[bigger]);
		outOutlines.push_back(inOutlines[bigger]);
	}
}

// fitLine is aruco's _interpolate2Dline.
cv::Point3f fitLine(const std::vector<cv::Point2f> &pts) {
	CV_Assert(pts.size() >= 2);
	float minX = pts[0].x, maxX = pts[0].x, minY = pts[0].y, maxY = pts[0].y;
	for (size_t i = 0; i < pts.size(); i++) {
		minX = std::min(minX, pts[i].x);
		maxX = std::max(maxX, pts[i].x);
		minY = std::min(minY, pts[i].y);
		maxY = std::max(maxY, pts[i].y);
	}
	cv::Mat A = cv::Mat::ones(static_cast<int>(pts.size()), 2, CV_32F), B(static_cast<int>(pts.size()), 1, CV_32F), C;
	const bool alongX = maxX - minX > maxY - minY;
	for (size_t i = 0; i < pts.size(); i++) {
		A.at<float>(static_cast<int>(i), 0) = alongX ? pts[i].x : pts[i].y;
		B.at<float>(static_cast<int>(i), 0) = alongX ? pts[i].y : pts[i].x;
	}
	cv::solve(A, B, C, cv::DECOMP_NORMAL);
	if (alongX) return cv::Point3f(C.at<float>(0, 0), -1.f, C.at<float>(1, 0));
	return cv::Point3f(-1.f, C.at<float>(0, 0), C.at<float>(1, 0));
}

cv::Point2f cross(cv::Point3f a, cv::Point3f b) {
	cv::Matx22f A(a.x, a.y, b.x, b.y);
	cv::Vec2f B(-a.z, -b.z);
	return cv::Vec2f(A.solve(B).val);
}

// refineLines is aruco's _refineCandidateLines (CORNER_REFINE_CONTOUR): each
// corner where the lines fitted to the outline's two sides meet.
void refineLines(const std::vector<cv::Point> &outline, Quad &corners) {
	std::vector<cv::Point2f> pts(outline.begin(), outline.end());
	std::vector<cv::Point2f> side[5];
	int cornerIndex[4] = {-1}; // as OpenCV's: the others start at 0
	int group = 4;
	for (unsigned i = 0; i < pts.size(); i++) {
		for (unsigned j = 0; j < 4; j++)
			if (corners[j] == pts[i]) {
				cornerIndex[j] = static_cast<int>(i);
				group = static_cast<int>(j);
			}
		side[group].push_back(pts[i]);
	}
	for (int i = 0; i < 4; i++) CV_Assert(cornerIndex[i] != -1);
	for (size_t i = 0; i < side[4].size(); i++) side[group].push_back(side[4][i]);
	int inc = 1;
	inc = (cornerIndex[0] > cornerIndex[1] && cornerIndex[3] > cornerIndex[0]) ? -1 : inc;
	inc = (cornerIndex[2] > cornerIndex[3] && cornerIndex[1] > cornerIndex[2]) ? -1 : inc;
	cv::Point3f lines[4];
	for (int i = 0; i < 4; i++) lines[i] = fitLine(side[i]);
	for (int i = 0; i < 4; i++)
		corners[i] = inc < 0 ? cross(lines[i], lines[(i + 1) % 4]) : cross(lines[i], lines[(i + 3) % 4]);
}

} // namespace

bool ownDetectorCovers(const cv::aruco::DetectorParameters &p, const cv::aruco::Dictionary &dict) {
	return static_cast<int>(static_cast<double>(dict.maxCorrectionBits) * p.errorCorrectionRate) <= 1 && !p.useAruco3Detection && !p.detectInvertedMarker &&
		(p.cornerRefinementMethod == cv::aruco::CORNER_REFINE_NONE ||
			p.cornerRefinementMethod == cv::aruco::CORNER_REFINE_CONTOUR);
}

void detectOwn(const cv::Mat &grey, const cv::aruco::Dictionary &dict, const cv::aruco::DetectorParameters &p,
	std::vector<Quad> &accepted, std::vector<int> &ids, std::vector<Quad> &rejected) {
	CV_Assert(grey.type() == CV_8UC1 && !grey.empty() && ownDetectorCovers(p, dict));
	CV_Assert(p.adaptiveThreshWinSizeMin >= 3 && p.adaptiveThreshWinSizeMax >= p.adaptiveThreshWinSizeMin &&
		p.adaptiveThreshWinSizeStep > 0 && p.markerBorderBits > 0);
	static const Codes codes = makeCodes(dict);
	CV_Assert(dict.markerSize == codes.markerSize && dict.bytesList.rows == codes.count);

	// Squares of every window, in window order.
	std::vector<Quad> quads;
	std::vector<std::vector<cv::Point> > outlines;
	// Each window's threshold is written inside a frame of zeros, as
	// cv::findContours frames a copy of it.
	cv::Mat bordered = cv::Mat::zeros(grey.rows + 2, grey.cols + 2, CV_8UC1);
	cv::Mat thresh = bordered(cv::Rect(1, 1, grey.cols, grey.rows));
	std::vector<uint16_t> cols;
	const int scales = (p.adaptiveThreshWinSizeMax - p.adaptiveThreshWinSizeMin) / p.adaptiveThreshWinSizeStep + 1;
	for (int s = 0; s < scales; s++) {
		int win = p.adaptiveThreshWinSizeMin + s * p.adaptiveThreshWinSizeStep;
		if (win % 2 == 0) win++;
		threshold(grey, thresh, win, p.adaptiveThreshConstant, cols);
		CV_Assert(thresh.data == bordered.ptr(1, 1));
		findSquares(bordered, p, quads, outlines);
	}
	for (size_t i = 0; i < quads.size(); i++) {
		double dx1 = quads[i][1].x - quads[i][0].x, dy1 = quads[i][1].y - quads[i][0].y;
		double dx2 = quads[i][2].x - quads[i][0].x, dy2 = quads[i][2].y - quads[i][0].y;
		if (dx1 * dy2 - dy1 * dx2 < 0.0) std::swap(quads[i][1], quads[i][3]);
	}
	std::vector<Quad> cands;
	std::vector<std::vector<cv::Point> > candOutlines;
	keepLarger(quads, outlines, p.minMarkerDistanceRate, cands, candOutlines);

	// Each square's bits, border and code.
	const int n = dict.markerSize, withBorders = n + 2 * p.markerBorderBits;
	const int maxBorderErrors = static_cast<int>(n * n * p.maxErroneousBitsInBorderRate);
	const int maxCorr = static_cast<int>(static_cast<double>(codes.maxCorrection) * p.errorCorrectionRate);
	std::vector<std::vector<cv::Point> > kept;
	cv::Mat warped;
	std::vector<uchar> bits, inner(static_cast<size_t>(n * n));
	for (size_t i = 0; i < cands.size(); i++) {
		extractBits(grey, cands[i], withBorders, p.perspectiveRemovePixelPerCell, p.perspectiveRemoveIgnoredMarginPerCell,
			p.minOtsuStdDev, warped, bits);
		int borderErrors = 0;
		for (int y = 0; y < withBorders; y++)
			for (int x = 0; x < withBorders; x++) {
				bool border = y < p.markerBorderBits || y >= withBorders - p.markerBorderBits ||
					x < p.markerBorderBits || x >= withBorders - p.markerBorderBits;
				if (border && bits[static_cast<size_t>(y * withBorders + x)]) borderErrors++;
			}
		int id = -1, rotation = 0;
		bool ok = borderErrors <= maxBorderErrors;
		if (ok) {
			for (int y = 0; y < n; y++)
				for (int x = 0; x < n; x++)
					inner[static_cast<size_t>(y * n + x)] = bits[static_cast<size_t>((y + p.markerBorderBits) * withBorders + x + p.markerBorderBits)];
			ok = identify(codes, pack(inner.data(), n * n), maxCorr, id, rotation);
		}
		if (!ok) {
			rejected.push_back(cands[i]);
			continue;
		}
		std::rotate(cands[i].begin(), cands[i].begin() + 4 - rotation, cands[i].end());
		accepted.push_back(cands[i]);
		ids.push_back(id);
		kept.push_back(candOutlines[i]);
	}
	if (p.cornerRefinementMethod == cv::aruco::CORNER_REFINE_CONTOUR)
		for (size_t i = 0; i < accepted.size(); i++) refineLines(kept[i], accepted[i]);
}

} // namespace fk
