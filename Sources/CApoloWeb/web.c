// Written by scripts/assets.py from the files in Web/ (make check fails when it is out of date): do not edit.
#pragma clang diagnostic ignored "-Wc23-extensions"
#include "cweb.h"

static const unsigned char web_app_css[] = {
#embed "../ApoloServer/Web/app.css"
};
static const unsigned char web_favicon_svg[] = {
#embed "../ApoloServer/Web/favicon.svg"
};
static const unsigned char web_frames_css[] = {
#embed "../ApoloServer/Web/frames.css"
};
static const unsigned char web_index_html[] = {
#embed "../ApoloServer/Web/index.html"
};
static const unsigned char web_review_css[] = {
#embed "../ApoloServer/Web/review.css"
};
static const unsigned char web_review_html[] = {
#embed "../ApoloServer/Web/review.html"
};
static const unsigned char web_views_css[] = {
#embed "../ApoloServer/Web/views.css"
};
static const unsigned char web_js_actions_js[] = {
#embed "../ApoloServer/Web/js/actions.js"
};
static const unsigned char web_js_api_js[] = {
#embed "../ApoloServer/Web/js/api.js"
};
static const unsigned char web_js_ask_js[] = {
#embed "../ApoloServer/Web/js/ask.js"
};
static const unsigned char web_js_captionpanel_js[] = {
#embed "../ApoloServer/Web/js/captionpanel.js"
};
static const unsigned char web_js_captiontext_js[] = {
#embed "../ApoloServer/Web/js/captiontext.js"
};
static const unsigned char web_js_changes_js[] = {
#embed "../ApoloServer/Web/js/changes.js"
};
static const unsigned char web_js_changewords_js[] = {
#embed "../ApoloServer/Web/js/changewords.js"
};
static const unsigned char web_js_compare_js[] = {
#embed "../ApoloServer/Web/js/compare.js"
};
static const unsigned char web_js_comparefaces_js[] = {
#embed "../ApoloServer/Web/js/comparefaces.js"
};
static const unsigned char web_js_drag_js[] = {
#embed "../ApoloServer/Web/js/drag.js"
};
static const unsigned char web_js_facestrip_js[] = {
#embed "../ApoloServer/Web/js/facestrip.js"
};
static const unsigned char web_js_facetile_js[] = {
#embed "../ApoloServer/Web/js/facetile.js"
};
static const unsigned char web_js_facewindows_js[] = {
#embed "../ApoloServer/Web/js/facewindows.js"
};
static const unsigned char web_js_filterpanel_js[] = {
#embed "../ApoloServer/Web/js/filterpanel.js"
};
static const unsigned char web_js_filterwords_js[] = {
#embed "../ApoloServer/Web/js/filterwords.js"
};
static const unsigned char web_js_first_js[] = {
#embed "../ApoloServer/Web/js/first.js"
};
static const unsigned char web_js_frames_js[] = {
#embed "../ApoloServer/Web/js/frames.js"
};
static const unsigned char web_js_gesture_js[] = {
#embed "../ApoloServer/Web/js/gesture.js"
};
static const unsigned char web_js_grid_js[] = {
#embed "../ApoloServer/Web/js/grid.js"
};
static const unsigned char web_js_groupshot_js[] = {
#embed "../ApoloServer/Web/js/groupshot.js"
};
static const unsigned char web_js_groupshotpanel_js[] = {
#embed "../ApoloServer/Web/js/groupshotpanel.js"
};
static const unsigned char web_js_i18n_js[] = {
#embed "../ApoloServer/Web/js/i18n.js"
};
static const unsigned char web_js_ingestpanel_js[] = {
#embed "../ApoloServer/Web/js/ingestpanel.js"
};
static const unsigned char web_js_keymap_js[] = {
#embed "../ApoloServer/Web/js/keymap.js"
};
static const unsigned char web_js_keys_js[] = {
#embed "../ApoloServer/Web/js/keys.js"
};
static const unsigned char web_js_loupe_js[] = {
#embed "../ApoloServer/Web/js/loupe.js"
};
static const unsigned char web_js_loupetools_js[] = {
#embed "../ApoloServer/Web/js/loupetools.js"
};
static const unsigned char web_js_main_js[] = {
#embed "../ApoloServer/Web/js/main.js"
};
static const unsigned char web_js_me_js[] = {
#embed "../ApoloServer/Web/js/me.js"
};
static const unsigned char web_js_messages_data_js[] = {
#embed "../ApoloServer/Web/js/messages-data.js"
};
static const unsigned char web_js_messages_js[] = {
#embed "../ApoloServer/Web/js/messages.js"
};
static const unsigned char web_js_navigate_js[] = {
#embed "../ApoloServer/Web/js/navigate.js"
};
static const unsigned char web_js_overlay_js[] = {
#embed "../ApoloServer/Web/js/overlay.js"
};
static const unsigned char web_js_panels_js[] = {
#embed "../ApoloServer/Web/js/panels.js"
};
static const unsigned char web_js_people_js[] = {
#embed "../ApoloServer/Web/js/people.js"
};
static const unsigned char web_js_peoplepanel_js[] = {
#embed "../ApoloServer/Web/js/peoplepanel.js"
};
static const unsigned char web_js_picksview_js[] = {
#embed "../ApoloServer/Web/js/picksview.js"
};
static const unsigned char web_js_queue_js[] = {
#embed "../ApoloServer/Web/js/queue.js"
};
static const unsigned char web_js_refs_js[] = {
#embed "../ApoloServer/Web/js/refs.js"
};
static const unsigned char web_js_review_js[] = {
#embed "../ApoloServer/Web/js/review.js"
};
static const unsigned char web_js_reviewfind_js[] = {
#embed "../ApoloServer/Web/js/reviewfind.js"
};
static const unsigned char web_js_reviewloupe_js[] = {
#embed "../ApoloServer/Web/js/reviewloupe.js"
};
static const unsigned char web_js_reviewtext_js[] = {
#embed "../ApoloServer/Web/js/reviewtext.js"
};
static const unsigned char web_js_size_js[] = {
#embed "../ApoloServer/Web/js/size.js"
};
static const unsigned char web_js_smallfaces_js[] = {
#embed "../ApoloServer/Web/js/smallfaces.js"
};
static const unsigned char web_js_stacks_js[] = {
#embed "../ApoloServer/Web/js/stacks.js"
};
static const unsigned char web_js_stackview_js[] = {
#embed "../ApoloServer/Web/js/stackview.js"
};
static const unsigned char web_js_state_js[] = {
#embed "../ApoloServer/Web/js/state.js"
};
static const unsigned char web_js_table_js[] = {
#embed "../ApoloServer/Web/js/table.js"
};
static const unsigned char web_js_tagkeys_js[] = {
#embed "../ApoloServer/Web/js/tagkeys.js"
};
static const unsigned char web_js_tagsview_js[] = {
#embed "../ApoloServer/Web/js/tagsview.js"
};
static const unsigned char web_js_view_js[] = {
#embed "../ApoloServer/Web/js/view.js"
};
static const unsigned char web_js_viewfilter_js[] = {
#embed "../ApoloServer/Web/js/viewfilter.js"
};
static const unsigned char web_js_views_js[] = {
#embed "../ApoloServer/Web/js/views.js"
};
static const unsigned char web_js_words_js[] = {
#embed "../ApoloServer/Web/js/words.js"
};
static const unsigned char web_js_zoom_js[] = {
#embed "../ApoloServer/Web/js/zoom.js"
};

static const apolo_web_file list[] = {
    {"/app.css", web_app_css, sizeof web_app_css, "text/css; charset=utf-8"},
    {"/favicon.svg", web_favicon_svg, sizeof web_favicon_svg, "image/svg+xml"},
    {"/frames.css", web_frames_css, sizeof web_frames_css, "text/css; charset=utf-8"},
    {"/", web_index_html, sizeof web_index_html, "text/html; charset=utf-8"},
    {"/review.css", web_review_css, sizeof web_review_css, "text/css; charset=utf-8"},
    {"/review.html", web_review_html, sizeof web_review_html, "text/html; charset=utf-8"},
    {"/views.css", web_views_css, sizeof web_views_css, "text/css; charset=utf-8"},
    {"/js/actions.js", web_js_actions_js, sizeof web_js_actions_js, "text/javascript; charset=utf-8"},
    {"/js/api.js", web_js_api_js, sizeof web_js_api_js, "text/javascript; charset=utf-8"},
    {"/js/ask.js", web_js_ask_js, sizeof web_js_ask_js, "text/javascript; charset=utf-8"},
    {"/js/captionpanel.js", web_js_captionpanel_js, sizeof web_js_captionpanel_js, "text/javascript; charset=utf-8"},
    {"/js/captiontext.js", web_js_captiontext_js, sizeof web_js_captiontext_js, "text/javascript; charset=utf-8"},
    {"/js/changes.js", web_js_changes_js, sizeof web_js_changes_js, "text/javascript; charset=utf-8"},
    {"/js/changewords.js", web_js_changewords_js, sizeof web_js_changewords_js, "text/javascript; charset=utf-8"},
    {"/js/compare.js", web_js_compare_js, sizeof web_js_compare_js, "text/javascript; charset=utf-8"},
    {"/js/comparefaces.js", web_js_comparefaces_js, sizeof web_js_comparefaces_js, "text/javascript; charset=utf-8"},
    {"/js/drag.js", web_js_drag_js, sizeof web_js_drag_js, "text/javascript; charset=utf-8"},
    {"/js/facestrip.js", web_js_facestrip_js, sizeof web_js_facestrip_js, "text/javascript; charset=utf-8"},
    {"/js/facetile.js", web_js_facetile_js, sizeof web_js_facetile_js, "text/javascript; charset=utf-8"},
    {"/js/facewindows.js", web_js_facewindows_js, sizeof web_js_facewindows_js, "text/javascript; charset=utf-8"},
    {"/js/filterpanel.js", web_js_filterpanel_js, sizeof web_js_filterpanel_js, "text/javascript; charset=utf-8"},
    {"/js/filterwords.js", web_js_filterwords_js, sizeof web_js_filterwords_js, "text/javascript; charset=utf-8"},
    {"/js/first.js", web_js_first_js, sizeof web_js_first_js, "text/javascript; charset=utf-8"},
    {"/js/frames.js", web_js_frames_js, sizeof web_js_frames_js, "text/javascript; charset=utf-8"},
    {"/js/gesture.js", web_js_gesture_js, sizeof web_js_gesture_js, "text/javascript; charset=utf-8"},
    {"/js/grid.js", web_js_grid_js, sizeof web_js_grid_js, "text/javascript; charset=utf-8"},
    {"/js/groupshot.js", web_js_groupshot_js, sizeof web_js_groupshot_js, "text/javascript; charset=utf-8"},
    {"/js/groupshotpanel.js", web_js_groupshotpanel_js, sizeof web_js_groupshotpanel_js, "text/javascript; charset=utf-8"},
    {"/js/i18n.js", web_js_i18n_js, sizeof web_js_i18n_js, "text/javascript; charset=utf-8"},
    {"/js/ingestpanel.js", web_js_ingestpanel_js, sizeof web_js_ingestpanel_js, "text/javascript; charset=utf-8"},
    {"/js/keymap.js", web_js_keymap_js, sizeof web_js_keymap_js, "text/javascript; charset=utf-8"},
    {"/js/keys.js", web_js_keys_js, sizeof web_js_keys_js, "text/javascript; charset=utf-8"},
    {"/js/loupe.js", web_js_loupe_js, sizeof web_js_loupe_js, "text/javascript; charset=utf-8"},
    {"/js/loupetools.js", web_js_loupetools_js, sizeof web_js_loupetools_js, "text/javascript; charset=utf-8"},
    {"/js/main.js", web_js_main_js, sizeof web_js_main_js, "text/javascript; charset=utf-8"},
    {"/js/me.js", web_js_me_js, sizeof web_js_me_js, "text/javascript; charset=utf-8"},
    {"/js/messages-data.js", web_js_messages_data_js, sizeof web_js_messages_data_js, "text/javascript; charset=utf-8"},
    {"/js/messages.js", web_js_messages_js, sizeof web_js_messages_js, "text/javascript; charset=utf-8"},
    {"/js/navigate.js", web_js_navigate_js, sizeof web_js_navigate_js, "text/javascript; charset=utf-8"},
    {"/js/overlay.js", web_js_overlay_js, sizeof web_js_overlay_js, "text/javascript; charset=utf-8"},
    {"/js/panels.js", web_js_panels_js, sizeof web_js_panels_js, "text/javascript; charset=utf-8"},
    {"/js/people.js", web_js_people_js, sizeof web_js_people_js, "text/javascript; charset=utf-8"},
    {"/js/peoplepanel.js", web_js_peoplepanel_js, sizeof web_js_peoplepanel_js, "text/javascript; charset=utf-8"},
    {"/js/picksview.js", web_js_picksview_js, sizeof web_js_picksview_js, "text/javascript; charset=utf-8"},
    {"/js/queue.js", web_js_queue_js, sizeof web_js_queue_js, "text/javascript; charset=utf-8"},
    {"/js/refs.js", web_js_refs_js, sizeof web_js_refs_js, "text/javascript; charset=utf-8"},
    {"/js/review.js", web_js_review_js, sizeof web_js_review_js, "text/javascript; charset=utf-8"},
    {"/js/reviewfind.js", web_js_reviewfind_js, sizeof web_js_reviewfind_js, "text/javascript; charset=utf-8"},
    {"/js/reviewloupe.js", web_js_reviewloupe_js, sizeof web_js_reviewloupe_js, "text/javascript; charset=utf-8"},
    {"/js/reviewtext.js", web_js_reviewtext_js, sizeof web_js_reviewtext_js, "text/javascript; charset=utf-8"},
    {"/js/size.js", web_js_size_js, sizeof web_js_size_js, "text/javascript; charset=utf-8"},
    {"/js/smallfaces.js", web_js_smallfaces_js, sizeof web_js_smallfaces_js, "text/javascript; charset=utf-8"},
    {"/js/stacks.js", web_js_stacks_js, sizeof web_js_stacks_js, "text/javascript; charset=utf-8"},
    {"/js/stackview.js", web_js_stackview_js, sizeof web_js_stackview_js, "text/javascript; charset=utf-8"},
    {"/js/state.js", web_js_state_js, sizeof web_js_state_js, "text/javascript; charset=utf-8"},
    {"/js/table.js", web_js_table_js, sizeof web_js_table_js, "text/javascript; charset=utf-8"},
    {"/js/tagkeys.js", web_js_tagkeys_js, sizeof web_js_tagkeys_js, "text/javascript; charset=utf-8"},
    {"/js/tagsview.js", web_js_tagsview_js, sizeof web_js_tagsview_js, "text/javascript; charset=utf-8"},
    {"/js/view.js", web_js_view_js, sizeof web_js_view_js, "text/javascript; charset=utf-8"},
    {"/js/viewfilter.js", web_js_viewfilter_js, sizeof web_js_viewfilter_js, "text/javascript; charset=utf-8"},
    {"/js/views.js", web_js_views_js, sizeof web_js_views_js, "text/javascript; charset=utf-8"},
    {"/js/words.js", web_js_words_js, sizeof web_js_words_js, "text/javascript; charset=utf-8"},
    {"/js/zoom.js", web_js_zoom_js, sizeof web_js_zoom_js, "text/javascript; charset=utf-8"},
};

size_t apolo_web_file_count(void) { return sizeof list / sizeof list[0]; }

const apolo_web_file *apolo_web_file_at(size_t index) {
    return index < apolo_web_file_count() ? &list[index] : NULL;
}
