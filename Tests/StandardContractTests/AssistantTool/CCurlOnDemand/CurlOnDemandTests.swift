import CCurlOnDemand
import Testing

/// The stand-ins `quill` links instead of libcurl: the first call loads the real libcurl, and
/// every call reaches it. (The release build's `quill` names no libcurl at all: the deploy
/// test reads its dynamic section.)
@Suite struct CurlOnDemandTests {
    @Test func theFirstCallLoadsLibcurlAndEachCallReachesIt() throws {
        let version = String(cString: try #require(curl_version()))
        #expect(version.hasPrefix("libcurl/"))
        #expect(quill_curl_is_loaded() == 1)

        let info = try #require(curl_version_info(CURLVERSION_FIRST))
        #expect(version.hasPrefix("libcurl/" + String(cString: info.pointee.version)))
        #expect(String(cString: curl_easy_strerror(CURLE_OK)) == "No error")

        let handle = try #require(curl_easy_init())
        curl_easy_cleanup(handle)
        let headers = try #require(curl_slist_append(nil, "Accept: text/plain"))
        #expect(String(cString: headers.pointee.data) == "Accept: text/plain")
        curl_slist_free_all(headers)
    }
}
