//! An SVG histogram of guesses per secret: one bar per number of guesses
//! with its count on top, axes with ticks, axis labels and a title with the
//! total, average and maximum. Plain SVG 1.1, no scripts or external files.

/// Escapes text for SVG character data and attribute values.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A count as text: integers without decimals, expectations with two.
fn count_text(c: f64) -> String {
    if c.fract() == 0.0 && c.abs() < 1e15 {
        super::tree::grouped(c as u64)
    } else {
        format!("{c:.2}")
    }
}

/// A "nice" tick step giving about five ticks up to `top`.
fn tick_step(top: f64) -> f64 {
    let raw = (top / 5.0).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag)
}

/// The histogram `(guesses, count)` (ascending guesses) as an SVG document;
/// `title` heads it.
pub fn histogram_svg(buckets: &[(usize, f64)], title: &str) -> String {
    let (w, h) = (640.0, 400.0);
    let (left, right, top, bottom) = (70.0, 20.0, 50.0, 60.0);
    let (pw, ph) = (w - left - right, h - top - bottom);
    let lo = buckets.iter().map(|b| b.0).min().unwrap_or(1);
    let hi = buckets.iter().map(|b| b.0).max().unwrap_or(1);
    let slots = (hi - lo + 1) as f64;
    let peak = buckets.iter().map(|b| b.1).fold(0.0, f64::max);
    let step = tick_step(peak);
    let ymax = ((peak / step).ceil() * step).max(step);
    let y = |v: f64| top + ph - v / ymax * ph;
    let slot = pw / slots;
    let mut s = String::new();
    s.push_str(&format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    ));
    s.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    ));
    s.push_str(&format!(
        "<text x=\"{}\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">{}</text>\n",
        w / 2.0,
        escape(title)
    ));
    // Horizontal grid lines and y ticks.
    let mut v = 0.0;
    while v <= ymax + 1e-9 {
        let yy = y(v);
        s.push_str(&format!(
            "<line x1=\"{left}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            left + pw,
            left - 6.0,
            yy + 4.0,
            count_text(v)
        ));
        v += step;
    }
    // Bars, counts on top, guesses below.
    for k in lo..=hi {
        let c = buckets.iter().find(|b| b.0 == k).map_or(0.0, |b| b.1);
        let x = left + (k - lo) as f64 * slot;
        let yy = y(c);
        s.push_str(&format!(
            "<rect class=\"bar\" x=\"{:.1}\" y=\"{yy:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#4a7ab8\"><title>{k} guesses: {}</title></rect>\n",
            x + slot * 0.1,
            slot * 0.8,
            top + ph - yy,
            count_text(c)
        ));
        s.push_str(&format!(
            "<text class=\"count\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
            x + slot / 2.0,
            yy - 5.0,
            count_text(c)
        ));
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{k}</text>\n",
            x + slot / 2.0,
            top + ph + 18.0
        ));
    }
    // Axes and their labels.
    s.push_str(&format!(
        "<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{:.1}\" stroke=\"black\"/>\n<line x1=\"{left}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\"/>\n",
        top + ph,
        top + ph,
        left + pw,
        top + ph
    ));
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">Guesses</text>\n",
        left + pw / 2.0,
        h - 15.0
    ));
    s.push_str(&format!(
        "<text x=\"18\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {:.1})\">Secrets</text>\n",
        top + ph / 2.0,
        top + ph / 2.0
    ));
    s.push_str("</svg>\n");
    s
}

/// The default title: total, average and maximum of a histogram.
pub fn default_title(buckets: &[(usize, f64)]) -> String {
    let secrets: f64 = buckets.iter().map(|b| b.1).sum();
    let total: f64 = buckets.iter().map(|&(k, c)| k as f64 * c).sum();
    let max = buckets
        .iter()
        .filter(|b| b.1 > 0.0)
        .map(|b| b.0)
        .max()
        .unwrap_or(0);
    let avg = if secrets > 0.0 { total / secrets } else { 0.0 };
    format!(
        "Guesses per secret: {} secrets, total {}, average {avg:.2}, max {max}",
        count_text(secrets),
        count_text(total)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `<tag` opened is closed (self-closing or by `</tag>`), in order.
    fn well_formed(svg: &str) -> bool {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(i) = rest.find('<') {
            rest = &rest[i + 1..];
            let end = match rest.find('>') {
                Some(e) => e,
                None => return false,
            };
            let tag = &rest[..end];
            if tag.starts_with('?') {
            } else if let Some(name) = tag.strip_prefix('/') {
                if stack.pop() != Some(name) {
                    return false;
                }
            } else if !tag.ends_with('/') {
                stack.push(tag.split_whitespace().next().unwrap_or(""));
            }
            rest = &rest[end + 1..];
        }
        stack.is_empty()
    }

    #[test]
    fn knuth_histogram_is_well_formed_and_labelled() {
        let buckets = [(1, 1.0), (2, 6.0), (3, 62.0), (4, 533.0), (5, 694.0)];
        let title = default_title(&buckets);
        assert_eq!(
            title,
            "Guesses per secret: 1,296 secrets, total 5,801, average 4.48, max 5"
        );
        let svg = histogram_svg(&buckets, &title);
        assert!(well_formed(&svg));
        assert!(svg.starts_with("<?xml"));
        assert_eq!(svg.matches("class=\"bar\"").count(), 5);
        assert!(svg.contains(">694</text>"));
        assert!(svg.contains(">Guesses</text>"));
        assert!(svg.contains(">Secrets</text>"));
        // Ticks every 200 up to the first multiple above the tallest bar.
        assert!(svg.contains(">800</text>") && !svg.contains(">1,000</text>"));
    }

    #[test]
    fn gaps_fractions_and_escaping() {
        let svg = histogram_svg(&[(2, 1.5), (5, 3.25)], "a < b & \"c\"");
        assert!(well_formed(&svg));
        assert_eq!(svg.matches("class=\"bar\"").count(), 4);
        assert!(svg.contains(">3.25</text>"));
        assert!(svg.contains("a &lt; b &amp; &quot;c&quot;"));
        assert!(well_formed(&histogram_svg(&[], "empty")));
        assert_eq!(tick_step(694.0), 200.0);
        assert_eq!(tick_step(3.0), 1.0);
    }
}
