//! Hand-made SVG charts for the report page: stacked horizontal bars (one segment per phase or operation) with
//! the run-median spread as a whisker on the total, and [`log_bars`]: one bar per pipeline on a logarithmic axis,
//! for values that span orders of magnitude. Every segment carries its name as text when it is wide enough and as
//! a `<title>`, the legend names every colour, and the total is written at the bar's end, so colour is never the
//! only carrier of meaning. Each chart says its scale in `data-scale` (`linear`, `share` or `log`) and in a caption
//! line under the axis. The output is well-formed XML for an XHTML page, and the same for the same input.

use crate::export::fmt_us;
use crate::export::html::escape;
use std::fmt::Write;

/// One bar: its label, its segments (name, µs) in drawing order, and the min–max of run totals (µs).
#[derive(Debug, Clone)]
pub(super) struct Bar {
    /// The bar's label on the left.
    pub label: String,
    /// Segments, left to right: (name, µs).
    pub segments: Vec<(String, f64)>,
    /// The total written at the bar's end (µs); the median total, which the segments add up to.
    pub total_us: f64,
    /// The smallest and largest run total (µs), drawn as a whisker.
    pub whisker_us: Option<(f64, f64)>,
}

/// Colour-blind-safe colours (Okabe–Ito), assigned to segment names in legend order.
const PALETTE: [&str; 8] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999",
];

/// Width of the chart and of its label column, px.
const PLOT_WIDTH: f64 = 600.0;
const TOTAL_WIDTH: f64 = 110.0;
/// Width of a label character at the labels' 12 px (a generous average for sans-serif), px.
const CHAR_WIDTH: f64 = 6.8;
const BAR_HEIGHT: f64 = 22.0;
const GAP: f64 = 10.0;

/// The stacked bars of `bars` as one `<svg>` element; `legend` gives the segment names in colour order (a
/// segment whose name is not in it is grey). `id` names the chart for its `aria-labelledby` title.
pub(super) fn stacked_bars(id: &str, title: &str, legend: &[&str], bars: &[Bar]) -> String {
    draw(id, title, legend, bars, Mode::Micros)
}

/// Bars of plain ratios (each bar one segment, its `total_us` the ratio), with a dashed line at 1x where the
/// two sides are equal; the values are written as `1.23x`.
pub(super) fn ratio_bars(id: &str, title: &str, legend: &[&str], bars: &[Bar]) -> String {
    draw(id, title, legend, bars, Mode::Ratio)
}

/// What a chart's numbers are.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// µs on a linear axis.
    Micros,
    /// Shares of each bar's own total, 0–100%.
    Shares,
    /// Plain ratios.
    Ratio,
}

impl Mode {
    fn value(self, v: f64) -> String {
        match self {
            Mode::Micros => format!("{} µs", fmt_us(v)),
            Mode::Shares => format!("{v:.1}%"),
            Mode::Ratio => crate::export::compare::fmt_ratio(v),
        }
    }

    fn tick(self, v: f64) -> String {
        match self {
            Mode::Micros => fmt_us(v),
            Mode::Shares => format!("{v:.0}%"),
            Mode::Ratio => format!("{v}x"),
        }
    }
}

/// [`stacked_bars`] with every bar drawn full width: each segment's share of its own bar's total, so the phases
/// of a pipeline a hundred times faster than the slowest stay visible; the total is written at the end, and no
/// whisker is drawn (the axis is 0–100%).
pub(super) fn share_bars(id: &str, title: &str, legend: &[&str], bars: &[Bar]) -> String {
    draw(id, title, legend, bars, Mode::Shares)
}

/// Whether bars with these totals need [`log_bars`]: the largest is more than [`LOG_ABOVE`] times the smallest
/// (on a linear axis the smallest would be a sliver under 5% of the largest).
pub(super) fn spans_orders(bars: &[Bar]) -> bool {
    let totals = bars.iter().map(|b| b.total_us).filter(|v| *v > 0.0);
    let (lo, hi) = totals.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    hi > 0.0 && hi / lo > LOG_ABOVE
}

/// The largest-to-smallest ratio above which the exchange's chart uses a logarithmic axis.
pub(super) const LOG_ABOVE: f64 = 20.0;

/// The caption under a logarithmic axis.
pub(super) const LOG_CAPTION: &str = "µs, log scale: equal distances are equal ratios";

/// One bar per entry of `bars` from the axis's start to its total, on a logarithmic µs axis with a labelled tick
/// at every power of ten (1, 10, 100, 1,000 …), the whisker (if any) on it and the value at its end. The bars'
/// segments are not drawn: on a log axis a segment's length would not be its share (the callers show the shares
/// in a chart of their own). The axis starts one power of ten below the smallest value's, so the shortest bar is
/// at least one decade long: every bar is readable, and the distance between two bars' ends is their ratio.
pub(super) fn log_bars(id: &str, title: &str, bars: &[Bar]) -> String {
    let values = bars.iter().flat_map(|b| {
        let w = b.whisker_us.map_or([b.total_us; 2], |(lo, hi)| [lo, hi]);
        [b.total_us, w[0], w[1]]
    });
    let (min, max) = values
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    let (lo_exp, hi_exp) = if max > 0.0 {
        let lo = min.log10().floor() as i32 - 1;
        (lo, (max.log10().ceil() as i32).max(lo + 2))
    } else {
        (0, 2)
    };
    let decades = f64::from(hi_exp - lo_exp);
    let longest = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let label_width = (longest as f64 * CHAR_WIDTH + 16.0).max(120.0);
    let width = label_width + PLOT_WIDTH + TOTAL_WIDTH;
    let x = |us: f64| {
        let at = if us > 0.0 {
            (us.log10() - f64::from(lo_exp)).clamp(0.0, decades)
        } else {
            0.0
        };
        label_width + at / decades * PLOT_WIDTH
    };
    let top = 32.0;
    let axis_y = top + bars.len() as f64 * (BAR_HEIGHT + GAP);
    let height = axis_y + 40.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-scale=\"log\" width=\"{width:.0}\" height=\"{height}\" viewBox=\"0 0 {width:.0} {height}\" role=\"img\" aria-labelledby=\"{id}-title\">\
         <title id=\"{id}-title\">{} ({LOG_CAPTION})</title>\
         <text x=\"0\" y=\"16\" class=\"ct\">{}</text>",
        escape(title),
        escape(title)
    );
    // Grid lines at the powers of ten, behind the bars, so that a bar's end can be read against them.
    for e in lo_exp..=hi_exp {
        let gx = x(10f64.powi(e));
        let _ = write!(
            out,
            "<line x1=\"{gx:.2}\" y1=\"{}\" x2=\"{gx:.2}\" y2=\"{axis_y}\" stroke=\"#ddd\"/>",
            top - 4.0
        );
    }
    for (row, bar) in bars.iter().enumerate() {
        let y = top + row as f64 * (BAR_HEIGHT + GAP);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" class=\"cb\" text-anchor=\"end\">{}</text>",
            label_width - 8.0,
            y + 15.0,
            escape(&bar.label)
        );
        let w = x(bar.total_us) - label_width;
        let _ = write!(
            out,
            "<rect class=\"bar\" x=\"{label_width:.2}\" y=\"{y}\" width=\"{w:.2}\" height=\"{BAR_HEIGHT}\" fill=\"{}\" stroke=\"#fff\" stroke-width=\"0.5\"><title>{}: {}</title></rect>",
            PALETTE[4],
            escape(&bar.label),
            Mode::Micros.value(bar.total_us)
        );
        let mut end = x(bar.total_us);
        if let Some((lo, hi)) = bar.whisker_us {
            let (x1, x2, mid) = (x(lo), x(hi), y + BAR_HEIGHT / 2.0);
            let _ = write!(
                out,
                "<g class=\"whisker\"><title>spread over the runs: {}–{} µs</title><line x1=\"{x1:.2}\" y1=\"{mid}\" x2=\"{x2:.2}\" y2=\"{mid}\"/><line x1=\"{x1:.2}\" y1=\"{}\" x2=\"{x1:.2}\" y2=\"{}\"/><line x1=\"{x2:.2}\" y1=\"{}\" x2=\"{x2:.2}\" y2=\"{}\"/></g>",
                fmt_us(lo),
                fmt_us(hi),
                mid - 6.0,
                mid + 6.0,
                mid - 6.0,
                mid + 6.0
            );
            end = end.max(x2);
        }
        let _ = write!(
            out,
            "<text x=\"{:.2}\" y=\"{}\" class=\"cb value\">{}</text>",
            end + 6.0,
            y + 15.0,
            Mode::Micros.value(bar.total_us)
        );
    }
    // The axis: a labelled tick at every power of ten, short unlabelled ones at 2–9 times it.
    let _ = write!(
        out,
        "<line x1=\"{label_width:.2}\" y1=\"{axis_y}\" x2=\"{:.2}\" y2=\"{axis_y}\" stroke=\"#333\"/>",
        label_width + PLOT_WIDTH
    );
    for e in lo_exp..=hi_exp {
        let power = 10f64.powi(e);
        let tx = x(power);
        let _ = write!(
            out,
            "<line x1=\"{tx:.2}\" y1=\"{axis_y}\" x2=\"{tx:.2}\" y2=\"{}\" stroke=\"#333\"/><text x=\"{tx:.2}\" y=\"{}\" class=\"cl tick\" text-anchor=\"middle\">{}</text>",
            axis_y + 5.0,
            axis_y + 18.0,
            log_tick(e)
        );
        if e < hi_exp {
            for m in 2..10 {
                let mx = x(power * f64::from(m));
                let _ = write!(
                    out,
                    "<line x1=\"{mx:.2}\" y1=\"{axis_y}\" x2=\"{mx:.2}\" y2=\"{}\" stroke=\"#999\"/>",
                    axis_y + 3.0
                );
            }
        }
    }
    let _ = write!(
        out,
        "<text x=\"{label_width:.2}\" y=\"{}\" class=\"cl caption\">{LOG_CAPTION}</text></svg>",
        axis_y + 34.0
    );
    out
}

/// The label of the tick at 10^`exp` µs: `1`, `10`, `1,000`, `0.1`.
fn log_tick(exp: i32) -> String {
    if exp >= 0 {
        crate::export::thousands(10u64.pow(exp.unsigned_abs()))
    } else {
        format!("{}", 10f64.powi(exp))
    }
}

fn draw(id: &str, title: &str, legend: &[&str], bars: &[Bar], mode: Mode) -> String {
    let shares = mode == Mode::Shares;
    let normalized: Vec<Bar>;
    let bars = if shares {
        normalized = bars
            .iter()
            .map(|b| {
                let sum: f64 = b
                    .segments
                    .iter()
                    .map(|s| s.1.max(0.0))
                    .sum::<f64>()
                    .max(f64::MIN_POSITIVE);
                Bar {
                    label: b.label.clone(),
                    segments: b
                        .segments
                        .iter()
                        .map(|(n, v)| (n.clone(), v.max(0.0) / sum * 100.0))
                        .collect(),
                    total_us: b.total_us,
                    whisker_us: None,
                }
            })
            .collect();
        &normalized
    } else {
        bars
    };
    let unit = match mode {
        Mode::Micros => "µs, linear scale",
        Mode::Shares => "%",
        Mode::Ratio => "ratio",
    };
    // The label column fits the longest label; the axis ends at a round number above the largest total.
    let longest = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let label_width = (longest as f64 * CHAR_WIDTH + 16.0).max(120.0);
    let plot_width = PLOT_WIDTH;
    let width = label_width + plot_width + TOTAL_WIDTH;
    let (max, step) = if shares {
        (100.0, 25.0)
    } else {
        nice_axis(
            bars.iter()
                .map(|b| b.whisker_us.map_or(b.total_us, |w| w.1.max(b.total_us)))
                .fold(0.0f64, f64::max),
        )
    };
    let scale = |us: f64| (us.max(0.0) / max) * plot_width;
    let top = 56.0;
    let height = top + bars.len() as f64 * (BAR_HEIGHT + GAP) + 34.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-scale=\"{}\" width=\"{width:.0}\" height=\"{height}\" viewBox=\"0 0 {width:.0} {height}\" role=\"img\" aria-labelledby=\"{id}-title\">\
         <title id=\"{id}-title\">{}</title>\
         <text x=\"0\" y=\"16\" class=\"ct\">{}</text>",
        if shares { "share" } else { "linear" },
        escape(title),
        escape(title)
    );
    // The legend: a swatch and the name for each colour.
    let mut x = 0.0;
    for (i, name) in legend.iter().enumerate() {
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.5\"/><text x=\"{}\" y=\"38\" class=\"cl\">{}</text>",
            PALETTE[i % PALETTE.len()],
            x + 16.0,
            escape(name)
        );
        x += 24.0 + name.chars().count() as f64 * 7.0;
    }
    for (row, bar) in bars.iter().enumerate() {
        let y = top + row as f64 * (BAR_HEIGHT + GAP);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" class=\"cb\" text-anchor=\"end\">{}</text>",
            label_width - 8.0,
            y + 15.0,
            escape(&bar.label)
        );
        let mut at = label_width;
        for (name, us) in &bar.segments {
            let w = scale(*us);
            let colour = legend
                .iter()
                .position(|l| l == name)
                .map_or("#cccccc", |i| PALETTE[i % PALETTE.len()]);
            let _ = write!(
                out,
                "<rect x=\"{at:.2}\" y=\"{y}\" width=\"{w:.2}\" height=\"{BAR_HEIGHT}\" fill=\"{colour}\" stroke=\"#fff\" stroke-width=\"0.5\"><title>{}: {}</title></rect>",
                escape(&format!("{} · {name}", bar.label)),
                mode.value(*us)
            );
            let text = escape(name);
            if w >= 8.0 * name.chars().count() as f64 + 6.0 {
                let _ = write!(
                    out,
                    "<text x=\"{:.2}\" y=\"{}\" class=\"cs\">{text}</text>",
                    at + 3.0,
                    y + 15.0
                );
            }
            at += w;
        }
        if let Some((lo, hi)) = bar.whisker_us {
            let (x1, x2, mid) = (
                label_width + scale(lo),
                label_width + scale(hi),
                y + BAR_HEIGHT / 2.0,
            );
            let _ = write!(
                out,
                "<g class=\"whisker\"><title>run totals {}–{} µs</title><line x1=\"{x1:.2}\" y1=\"{mid}\" x2=\"{x2:.2}\" y2=\"{mid}\"/><line x1=\"{x1:.2}\" y1=\"{}\" x2=\"{x1:.2}\" y2=\"{}\"/><line x1=\"{x2:.2}\" y1=\"{}\" x2=\"{x2:.2}\" y2=\"{}\"/></g>",
                fmt_us(lo),
                fmt_us(hi),
                mid - 6.0,
                mid + 6.0,
                mid - 6.0,
                mid + 6.0
            );
        }
        let end = if shares {
            label_width + plot_width
        } else {
            label_width
                + scale(
                    bar.whisker_us
                        .map_or(bar.total_us, |w| w.1.max(bar.total_us)),
                )
        };
        let _ = write!(
            out,
            "<text x=\"{:.2}\" y=\"{}\" class=\"cb\">{}{}</text>",
            end + 6.0,
            y + 15.0,
            if shares { "of " } else { "" },
            match mode {
                Mode::Shares => Mode::Micros.value(bar.total_us),
                m => m.value(bar.total_us),
            }
        );
    }
    // The axis: 0 and round ticks.
    let axis_y = top + bars.len() as f64 * (BAR_HEIGHT + GAP);
    let _ = write!(
        out,
        "<line x1=\"{label_width:.2}\" y1=\"{axis_y}\" x2=\"{}\" y2=\"{axis_y}\" stroke=\"#333\"/>",
        label_width + plot_width
    );
    let ticks = (max / step).round() as usize;
    for i in 0..=ticks {
        let us = step * i as f64;
        let x = label_width + scale(us);
        let _ = write!(
            out,
            "<line x1=\"{x:.2}\" y1=\"{axis_y}\" x2=\"{x:.2}\" y2=\"{}\" stroke=\"#333\"/><text x=\"{x:.2}\" y=\"{}\" class=\"cl\" text-anchor=\"middle\">{}</text>",
            axis_y + 5.0,
            axis_y + 18.0,
            mode.tick(us)
        );
    }
    if mode == Mode::Ratio && max >= 1.0 {
        let x = label_width + scale(1.0);
        let _ = write!(
            out,
            "<line x1=\"{x:.2}\" y1=\"{}\" x2=\"{x:.2}\" y2=\"{axis_y}\" stroke=\"#000\" stroke-dasharray=\"4 3\"><title>1x: the two sides equal</title></line>",
            top - 6.0
        );
    }
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" class=\"cl caption\" text-anchor=\"end\">{unit}</text></svg>",
        label_width + plot_width,
        axis_y + 32.0
    );
    out
}

/// A round axis end above `max` and its tick step: 1, 2, 2.5 or 5 times a power of ten, four to eight ticks
/// (e.g. 690 → 0–700 by 100; 18,895 → 0–20,000 by 2,500).
fn nice_axis(max: f64) -> (f64, f64) {
    if !(max.is_finite() && max > 0.0) {
        return (1.0, 0.25);
    }
    let power = 10f64.powf((max / 4.0).log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|step| max / step <= 8.0)
        .unwrap_or(10.0 * power);
    ((max / step).ceil().max(1.0) * step, step)
}

#[cfg(test)]
mod tests {
    use super::Bar;

    fn bar(label: &str, us: f64) -> Bar {
        Bar {
            label: label.into(),
            segments: vec![("expand".into(), us)],
            total_us: us,
            whisker_us: Some((us * 0.9, us * 1.2)),
        }
    }

    /// JCS, canonprof's engine and the json-ld crate's as the issue saw them (15, 400, 11,000 µs): on the log axis
    /// every power of ten from 1 to 100,000 µs is a labelled tick, every bar is at least a decade (100 px) long,
    /// each bar's value is written, and the caption says what the scale means.
    #[test]
    fn log_bars_make_every_bar_readable() {
        let bars = [
            bar("jcs", 15.0),
            bar("rdfc-1.0 canonprof", 400.0),
            bar("rdfc-1.0 json-ld", 11_000.0),
        ];
        let svg = super::log_bars("t", "a credential", &bars);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        assert_eq!(root.attribute("data-scale"), Some("log"));
        let with_class = |class: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .collect::<Vec<_>>()
        };
        let ticks: Vec<&str> = with_class("cl tick")
            .iter()
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(ticks, ["1", "10", "100", "1,000", "10,000", "100,000"]);
        let widths: Vec<f64> = with_class("bar")
            .iter()
            .map(|n| n.attribute("width").unwrap().parse().unwrap())
            .collect();
        assert_eq!(widths.len(), 3);
        // Five decades over 600 px: 120 px each; 15 µs is 1.18 decades from 1 µs.
        assert!((widths[0] - 141.13).abs() < 0.01, "{widths:?}");
        assert!(widths.iter().all(|w| *w >= 100.0), "{widths:?}");
        // Equal ratios, equal distances: 400/15 and 11,000/400 are about 27x both.
        let values: Vec<&str> = with_class("cb value")
            .iter()
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(values, ["15.0 µs", "400 µs", "11,000 µs"]);
        assert_eq!(
            with_class("cl caption")[0].text(),
            Some("µs, log scale: equal distances are equal ratios")
        );
        // The same input draws the same picture.
        assert_eq!(svg, super::log_bars("t", "a credential", &bars));
    }

    #[test]
    fn log_only_when_a_bar_dwarfs_another() {
        assert!(super::spans_orders(&[bar("a", 50.0), bar("b", 1_100.0)]));
        assert!(!super::spans_orders(&[bar("a", 50.0), bar("b", 900.0)]));
        let linear = super::stacked_bars("t", "x", &["expand"], &[bar("a", 50.0)]);
        assert!(linear.contains("data-scale=\"linear\"") && linear.contains("µs, linear scale"));
    }

    #[test]
    fn round_axes() {
        assert_eq!(super::nice_axis(690.0), (700.0, 100.0));
        assert_eq!(super::nice_axis(18_895.0), (20_000.0, 2_500.0));
        assert_eq!(super::nice_axis(3.3), (3.5, 0.5));
        assert_eq!(super::nice_axis(0.0), (1.0, 0.25));
    }
}
