//! The replay page: one self-contained HTML file that steps through a recorded game, each frame's
//! SVG embedded in a `<template>`, with buttons, a slider and the arrow keys (Home and End for the
//! first and last frame). It loads nothing from anywhere.

use std::fmt::Write;

use crate::svg::escape;

/// One step of a replay: the picture and what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// `start`, `ply 12: e2-e4 (white)`, `roll 4`.
    pub caption: String,
    /// A standalone SVG document, as [`crate::svg`] writes it.
    pub svg: String,
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1a1a;background:#fafafa}\
h1{font-size:1.3rem;margin:0 0 .5rem}\
.controls{display:flex;gap:.5rem;align-items:center;margin:.5rem 0;flex-wrap:wrap}\
button{font-size:1rem;padding:.3rem .8rem}\
#slider{flex:1;min-width:12rem;max-width:30rem}\
#caption{font-family:ui-monospace,monospace;min-width:16rem}\
#stage svg{max-width:100%;height:auto}";

const SCRIPT: &str = r#"(function () {
  var frames = Array.prototype.slice.call(document.querySelectorAll('template.frame'));
  var stage = document.getElementById('stage');
  var caption = document.getElementById('caption');
  var slider = document.getElementById('slider');
  var current = 0;
  function show(index) {
    current = Math.max(0, Math.min(frames.length - 1, index));
    stage.replaceChildren(frames[current].content.cloneNode(true));
    caption.textContent = (current + 1) + ' / ' + frames.length + ' \u2014 ' + frames[current].dataset.caption;
    slider.value = current;
  }
  slider.max = frames.length - 1;
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('back').addEventListener('click', function () { show(current - 1); });
  document.getElementById('forward').addEventListener('click', function () { show(current + 1); });
  document.getElementById('last').addEventListener('click', function () { show(frames.length - 1); });
  document.addEventListener('keydown', function (event) {
    var moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: frames.length - 1 };
    if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }
  });
  show(0);
})();"#;

/// The page for a game called `title`, showing the frames in order (from the first).
pub fn replay_page(title: &str, frames: &[Frame]) -> String {
    let title = escape(title);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n<div class=\"controls\">\
         <button id=\"first\" title=\"first (Home)\">|\u{25c0}</button>\
         <button id=\"back\" title=\"back (\u{2190})\">\u{25c0}</button>\
         <button id=\"forward\" title=\"forward (\u{2192})\">\u{25b6}</button>\
         <button id=\"last\" title=\"last (End)\">\u{25b6}|</button>\
         <input id=\"slider\" type=\"range\" min=\"0\" value=\"0\" aria-label=\"ply\">\
         <span id=\"caption\"></span></div>\n<div id=\"stage\"></div>\n"
    );
    for frame in frames {
        let _ = writeln!(
            out,
            "<template class=\"frame\" data-caption=\"{}\">{}</template>",
            escape(&frame.caption),
            frame.svg.trim_end()
        );
    }
    let _ = write!(out, "<script>\n{SCRIPT}\n</script>\n</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_frame_is_embedded_with_its_caption_escaped() {
        let frames = [
            Frame { caption: "start".into(), svg: "<svg id=\"a\"></svg>\n".into() },
            Frame { caption: "ply 1: a<b".into(), svg: "<svg id=\"b\"></svg>".into() },
        ];
        let page = replay_page("Pawns & co", &frames);
        assert!(page.contains("<title>Pawns &amp; co</title>"));
        assert!(
            page.contains("<template class=\"frame\" data-caption=\"start\"><svg id=\"a\"></svg></template>")
        );
        assert!(page.contains("data-caption=\"ply 1: a&lt;b\""));
        assert_eq!(page.matches("<template").count(), 2);
        assert!(!page.contains("http://") && !page.contains("https://"), "the page loads nothing");
    }
}
