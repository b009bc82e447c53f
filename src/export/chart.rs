//! SVG line charts (plotters): one line per series, for the scaling sweep ([`line_chart`]) and the JWS matrix
//! ([`log_log_panels`]).

use crate::error::{Error, ErrorKind, Result};
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;

/// One line: a name and its (x, y) points.
pub(crate) type Series = (String, Vec<(f64, f64)>);

/// Renders `series` as an SVG line chart with a legend; `log_y` uses a logarithmic y axis (µs spanning orders of
/// magnitude).
pub(crate) fn line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log_y: bool,
) -> Result<String> {
    let err = |e: String| Error::new(ErrorKind::Internal, format!("chart rendering failed: {e}"));
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (x_max, y_min, y_max) = points.fold((1.0f64, f64::MAX, 0.0f64), |(x, lo, hi), p| {
        (x.max(p.0), lo.min(p.1), hi.max(p.1))
    });
    let y_min = if y_min.is_finite() && y_min > 0.0 {
        y_min * 0.8
    } else {
        0.01
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut builder = ChartBuilder::on(&root);
        builder
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(42)
            .y_label_area_size(70);
        let mesh = (x_label, y_label, SeriesLabelPosition::LowerRight);
        if log_y {
            let mut chart = builder
                .build_cartesian_2d(0f64..x_max * 1.05, (y_min..y_max * 1.2).log_scale())
                .map_err(|e| err(e.to_string()))?;
            draw_lines(&mut chart, series, mesh, true).map_err(err)?;
        } else {
            let mut chart = builder
                .build_cartesian_2d(0f64..x_max * 1.05, 0f64..y_max * 1.1)
                .map_err(|e| err(e.to_string()))?;
            draw_lines(&mut chart, series, mesh, true).map_err(err)?;
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(svg)
}

/// Draws the mesh with its axis labels, one line per series (with a dot at each point when `dots`), and the
/// legend at `mesh.2`, on a chart of any pair of f64 axes (linear or logarithmic). Errors: plotters' message.
fn draw_lines<'a, DB, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    series: &[Series],
    (x_label, y_label, legend): (&str, &str, SeriesLabelPosition),
    dots: bool,
) -> std::result::Result<(), String>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(err)?;
    for (i, (name, pts)) in series.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
            .map_err(err)?
            .label(name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        if dots {
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
                .map_err(err)?;
        }
    }
    chart
        .configure_series_labels()
        .position(legend)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)
}

/// Line colours, in series order (both charts).
const PALETTE: [RGBColor; 14] = [
    RED,
    BLUE,
    GREEN,
    MAGENTA,
    CYAN,
    BLACK,
    RGBColor(230, 140, 0),
    RGBColor(120, 60, 160),
    RGBColor(0, 128, 128),
    RGBColor(150, 75, 0),
    RGBColor(128, 128, 0),
    RGBColor(255, 105, 180),
    RGBColor(90, 90, 90),
    RGBColor(0, 0, 128),
];

/// Renders panels stacked vertically, each a log-log line chart of its series (x and y must be positive), with a
/// legend per panel.
pub(crate) fn log_log_panels(
    title: &str,
    x_label: &str,
    y_label: &str,
    panels: &[(&str, Vec<Series>)],
) -> Result<String> {
    let err = |e: String| Error::new(ErrorKind::Internal, format!("chart rendering failed: {e}"));
    let points = panels
        .iter()
        .flat_map(|(_, s)| s.iter().flat_map(|(_, p)| p.iter()));
    let (x_min, x_max, y_min, y_max) = points.fold(
        (f64::MAX, f64::MIN_POSITIVE, f64::MAX, f64::MIN_POSITIVE),
        |(a, b, c, d), p| (a.min(p.0), b.max(p.0), c.min(p.1), d.max(p.1)),
    );
    if x_min > x_max {
        return Err(err("nothing to draw".into()));
    }
    let mut svg = String::new();
    {
        let height = 120 + 480 * panels.len() as u32;
        let root = SVGBackend::with_string(&mut svg, (1000, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let root = root
            .titled(title, ("sans-serif", 18))
            .map_err(|e| err(e.to_string()))?;
        for (area, (name, series)) in root.split_evenly((panels.len(), 1)).iter().zip(panels) {
            let mut chart = ChartBuilder::on(area)
                .caption(*name, ("sans-serif", 16))
                .margin(12)
                .x_label_area_size(42)
                .y_label_area_size(80)
                .build_cartesian_2d(
                    (x_min * 0.8..x_max * 1.25).log_scale(),
                    (y_min * 0.8..y_max * 1.25).log_scale(),
                )
                .map_err(|e| err(e.to_string()))?;
            let mesh = (x_label, y_label, SeriesLabelPosition::UpperLeft);
            draw_lines(&mut chart, series, mesh, false).map_err(err)?;
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_series_names_and_axis_labels() {
        let series = vec![
            ("expand".to_string(), vec![(5.0, 10.0), (50.0, 90.0)]),
            ("label".to_string(), vec![(5.0, 1.0), (50.0, 3.0)]),
        ];
        let svg = line_chart("sweep", "attributes", "µs", &series, true).unwrap();
        for needle in ["<svg", "sweep", "attributes", "expand", "label"] {
            assert!(svg.contains(needle), "{needle}");
        }
    }
}
