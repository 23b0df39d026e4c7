"""The simulator's charts: fans of purse and advances, and bars of win rates with intervals.

A fan is, per faction, a p10-p90 band and the median line by game number.

A second ruleset (B) is drawn over A in the same colours: its median dashed, its band as two
dotted edges, so both read on one chart. The colours come from the chart theme of the palette
(ChartPanel), so a dark palette gets the dark theme's colours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCharts import (
    QAbstractSeries,
    QAreaSeries,
    QBarSeries,
    QBarSet,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QCursor, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from rostermgr.simulate.summary import Spread
from ui.charts import ChartPanel

BAND_ALPHA = 45  # of 255: the band behind the median, light enough for the other bands
EDGE_ALPHA = 170  # its edges: where bands overlap and their tints mix, the edges tell them apart


@dataclass(frozen=True)
class Fan:
    """One faction under one ruleset: its spread after each game (game 1 first)."""

    name: str
    spreads: tuple[Spread, ...]
    dashed: bool = False  # B over A


@dataclass
class _Drawn:
    fan: Fan
    median: QLineSeries
    low: QLineSeries
    high: QLineSeries
    band: QAreaSeries | None  # A's bands are filled; B's edges are dotted lines


class FanPanel(ChartPanel):
    """A ChartPanel drawing fans; the legend names only A's medians, one per faction."""

    def __init__(self, title: str, stem: str, parent: QWidget | None = None) -> None:
        self._drawn: list[_Drawn] = []
        self._groups: list[int] = []  # index of the colour each fan takes
        super().__init__(title, stem, parent)

    def set_fans(self, fans: Sequence[Fan], y_title: str, y_format: str = "%d") -> None:
        """One fan per entry; fans with the same name share a colour (A and B of a faction)."""
        chart = self._replace_chart()
        self._drawn, self._groups = [], []
        names: list[str] = []
        for fan in fans:
            if fan.name not in names:
                names.append(fan.name)
            self._groups.append(names.index(fan.name))
            games = range(1, len(fan.spreads) + 1)
            median, low, high = QLineSeries(), QLineSeries(), QLineSeries()
            for series, pick in ((median, "p50"), (low, "p10"), (high, "p90")):
                series.append(
                    [QPointF(g, getattr(s, pick)) for g, s in zip(games, fan.spreads, strict=True)]
                )
            median.setName(fan.name + (" (B)" if fan.dashed else ""))
            median.setPointsVisible(True)
            band: QAreaSeries | None = None
            if fan.dashed:
                chart.addSeries(low)
                chart.addSeries(high)
            else:
                band = QAreaSeries(high, low)
                # the band's edges are in no chart: owned by Python alone, they died with
                # `_drawn` when the next fans replaced it, while the old chart, not yet deleted,
                # laid the band out once more from them (a crash in `reset` after a run)
                high.setParent(band)
                low.setParent(band)
                band.setName(f"{fan.name} 10th-90th")
                chart.addSeries(band)
            chart.addSeries(median)
            self._drawn.append(_Drawn(fan, median, low, high, band))
        if not fans:
            chart.legend().setVisible(False)
            self.apply_theme()
            return
        values = [v for f in fans for s in f.spreads for v in (s.p10, s.p90)]
        last = max(len(f.spreads) for f in fans)
        x_axis = QValueAxis()
        x_axis.setTitleText("Game number")
        x_axis.setLabelFormat("%d")
        x_axis.setRange(0.8, last + 0.2)
        x_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        x_axis.setTickAnchor(1)
        x_axis.setTickInterval(max(1, math.ceil(last / 12)))
        y_axis = QValueAxis()
        y_axis.setTitleText(y_title)
        y_axis.setLabelFormat(y_format)
        top, bottom = max(values, default=1.0), min(0.0, *values)
        y_axis.setRange(bottom, top + ((top - bottom) or 1.0) * 0.08)
        y_axis.applyNiceNumbers()
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        for drawn in chart.series():
            drawn.attachAxis(x_axis)
            drawn.attachAxis(y_axis)
        chart.legend().setVisible(True)
        self.apply_theme()

    def apply_theme(self) -> None:
        """The theme, then each fan in its faction's colour of that theme."""
        super().apply_theme()
        drawn = getattr(self, "_drawn", [])
        if not drawn:
            return
        # the theme's colours, in the order it gave them to the medians of the first fans
        palette: list[QColor] = []
        for d, group in zip(drawn, self._groups, strict=True):
            if group == len(palette):
                palette.append(QColor(d.median.color()))
        for d, group in zip(drawn, self._groups, strict=True):
            colour = palette[group % len(palette)]
            pen = QPen(colour, 2.5 if not d.fan.dashed else 2.0)
            if d.fan.dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            d.median.setPen(pen)
            d.median.setColor(colour)
            if d.band is not None:
                fill = QColor(colour)
                fill.setAlpha(BAND_ALPHA)
                d.band.setColor(fill)
                edge_colour = QColor(colour)
                edge_colour.setAlpha(EDGE_ALPHA)
                d.band.setPen(QPen(edge_colour, 1.0))
            else:
                edge = QPen(colour, 1.0, Qt.PenStyle.DotLine)
                d.low.setPen(edge)
                d.high.setPen(edge)
            # the legend names each faction once, by A's median; the caption says what B's are
            shown_in_legend = d.median if not d.fan.dashed else None
            for series in (d.band, d.low, d.high, d.median):
                if series is not shown_in_legend:
                    self._hide_marker(series)

    def _hide_marker(self, series: QAbstractSeries | None) -> None:
        if series is None:
            return
        for marker in self.chart.legend().markers(series):
            marker.setVisible(False)

    def legend_names(self) -> list[str]:
        """The series the legend names: A's medians, one per faction."""
        return [d.median.name() for d in self._drawn if not d.fan.dashed]

    def show_only(self, name: str | None) -> None:
        """Only the fans of this faction (A's and B's), or every fan for None; the axes and
        colours stay as they are, so the charts compare across the choice."""
        for d in self._drawn:
            shown = name is None or d.fan.name == name
            # A's edges belong to its band; B's are series of their own
            drawn = (d.band, d.median) if d.band is not None else (d.low, d.high, d.median)
            for series in drawn:
                series.setVisible(shown)

    def shown(self) -> list[str]:
        """The medians drawn now, by name."""
        return [d.median.name() for d in self._drawn if d.median.isVisible()]

    def medians(self) -> dict[str, list[tuple[float, float]]]:
        """Each median line's points by its legend name (tests, and what the chart shows)."""
        return {d.median.name(): [(p.x(), p.y()) for p in d.median.points()] for d in self._drawn}

    def bands(self) -> dict[str, list[tuple[float, float, float]]]:
        """Each fan's (game, p10, p90), by the median's name."""
        return {
            d.median.name(): [
                (lo.x(), lo.y(), hi.y())
                for lo, hi in zip(d.low.points(), d.high.points(), strict=True)
            ]
            for d in self._drawn
        }


@dataclass(frozen=True)
class Whisker:
    """An interval drawn over one bar: the bar set's index, the category's, and its ends."""

    bar_set: int
    category: int
    low: float
    high: float


WHISKER_CAP = 0.3  # of a bar's width: the caps at either end of a whisker


class BarPanel(ChartPanel):
    """A bar chart whose bars may carry an interval (a whisker) and say each bar in a tooltip.

    Qt Charts has no error bars: each whisker is a line series on the bars' axes, traced as an
    I (bottom cap, the stem, top cap), placed where Qt puts that set's bar in its category.
    The tooltips, joined, are also the chart's accessible description, for a screen reader.
    """

    def __init__(self, title: str, stem: str, parent: QWidget | None = None) -> None:
        self._whiskers: list[tuple[Whisker, QLineSeries]] = []
        self._tips: list[list[str]] = []
        self._series: QBarSeries | None = None
        super().__init__(title, stem, parent)

    def set_bars(self, *args: Any, **kwargs: Any) -> QBarSeries:
        """As ChartPanel's, on a chart without whiskers or tooltips until `set_intervals`."""
        self._whiskers, self._tips, self._series = [], [], None
        self.view.setAccessibleDescription("")
        return super().set_bars(*args, **kwargs)

    def set_intervals(
        self, series: QBarSeries, whiskers: Sequence[Whisker], tips: Sequence[Sequence[str]]
    ) -> None:
        """Draw these whiskers over the bars of `series` (the one `set_bars` returned); `tips`
        holds a sentence per bar, by bar set then category."""
        self._tips = [list(t) for t in tips]
        self._whiskers = []
        self._series = series
        series.hovered.connect(self._hovered)
        sets = max(1, len(series.barSets()))
        width = series.barWidth()
        axes = [self.chart.axes(o) for o in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical)]
        if not all(axes):  # no bars (set_bars draws no axes without categories): nothing to span
            whiskers = []
        for w in whiskers:
            centre = w.category - width / 2 + (w.bar_set + 0.5) * width / sets
            cap = width / sets * WHISKER_CAP
            line = QLineSeries()
            line.setName("95% interval")
            line.append(
                [
                    QPointF(centre - cap, w.low),
                    QPointF(centre + cap, w.low),
                    QPointF(centre, w.low),
                    QPointF(centre, w.high),
                    QPointF(centre - cap, w.high),
                    QPointF(centre + cap, w.high),
                ]
            )
            self.chart.addSeries(line)
            for axis in axes:
                line.attachAxis(axis[0])
            self._whiskers.append((w, line))
        self.view.setAccessibleDescription(" ".join(t for row in self._tips for t in row))
        self.apply_theme()

    def apply_theme(self) -> None:
        """The theme, then the whiskers in the axes' text colour, kept out of the legend."""
        super().apply_theme()
        whiskers = getattr(self, "_whiskers", [])
        if not whiskers:
            return
        axes = self.chart.axes()
        ink = axes[0].labelsBrush().color() if axes else self.palette().text().color()
        for _w, line in whiskers:
            line.setPen(QPen(ink, 1.5))
            for marker in self.chart.legend().markers(line):
                marker.setVisible(False)

    def _hovered(self, status: bool, index: int, bar_set: QBarSet) -> None:
        sets = self._series.barSets() if self._series is not None else []
        tip = self.tip(sets.index(bar_set), index) if status and bar_set in sets else ""
        if tip:
            QToolTip.showText(QCursor.pos(), tip, self.view)
        else:
            QToolTip.hideText()

    def tip(self, bar_set: int, category: int) -> str:
        """The sentence of one bar: its value, and its interval where it has one."""
        if bar_set < len(self._tips) and category < len(self._tips[bar_set]):
            return self._tips[bar_set][category]
        return ""

    def whiskers(self) -> list[tuple[Whisker, list[tuple[float, float]]]]:
        """Each whisker with the points drawn for it (tests, and what the chart shows)."""
        return [(w, [(p.x(), p.y()) for p in line.points()]) for w, line in self._whiskers]
