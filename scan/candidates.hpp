// candidates.hpp: fieldkit's own run of aruco's detectMarkers (C++ only,
// for aruco.cpp; candidates.cpp says how it differs from OpenCV's).
#ifndef FIELDKIT_CANDIDATES_HPP
#define FIELDKIT_CANDIDATES_HPP

#include <vector>

#include <opencv2/aruco.hpp>
#include <opencv2/core.hpp>

namespace fk {

// ownDetectorCovers says whether detectOwn runs what detectMarkers runs
// for p and dict: the classic path without inverted markers, corners
// unrefined or refined on the contour, codes corrected by one bit at most.
bool ownDetectorCovers(const cv::aruco::DetectorParameters &p, const cv::aruco::Dictionary &dict);

// detectOwn is cv::aruco::detectMarkers(grey, dict, accepted, ids, p,
// rejected) for p and dict that ownDetectorCovers, on an 8-bit grey image; dict is
// always the same dictionary (its codes are kept from the first call).
void detectOwn(const cv::Mat &grey, const cv::aruco::Dictionary &dict, const cv::aruco::DetectorParameters &p,
	std::vector<std::vector<cv::Point2f> > &accepted, std::vector<int> &ids,
	std::vector<std::vector<cv::Point2f> > &rejected);

} // namespace fk

#endif
