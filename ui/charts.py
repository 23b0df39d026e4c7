"""Chart helpers: a chart panel that follows the palette (light or dark) and saves as PNG."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCharts import (
    QAbstractBarSeries,
    QAreaSeries,
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QValueAxis,
    QXYSeries,
)
from PySide6.QtCore import QEvent, QMargins, QPointF, Qt
from PySide6.QtGui import QFont, QPainter, QPalette
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.style import is_dark

PNG_FILES = "PNG images (*.png)"
Points = Sequence[tuple[float, float]]


def chart_theme(palette: QPalette | None = None) -> QChart.ChartTheme:
    dark = is_dark(palette)
    return QChart.ChartTheme.ChartThemeDark if dark else QChart.ChartTheme.ChartThemeLight


def save_widget_png(widget: QWidget, path: str | Path) -> bool:
    """Grab the widget as it is drawn now and write it as a PNG; False if it cannot be written."""
    return widget.grab().save(str(path), "PNG")


def ask_png_path(parent: QWidget, title: str, stem: str) -> str:
    path, _ = QFileDialog.getSaveFileName(parent, title, f"{stem}.png", PNG_FILES)
    if path and not path.lower().endswith(".png"):
        path += ".png"
    return path


class ChartPanel(QWidget):
    """One chart, a caption under it and a 'Save chart as PNG...' button."""

    def __init__(self, title: str, stem: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stem = stem
        self.title = title
        self.chart = self._new_chart()
        self.view = QChartView(self.chart)
        self.view.setAccessibleName(title)  # a screen reader's words when the focus lands on it
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setMinimumSize(360, 240)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.save_button = QPushButton("S&ave chart as PNG...")
        self.save_button.clicked.connect(self.save_as)
        row = QHBoxLayout()
        row.addWidget(self.caption, 1)
        row.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(row)
        self.apply_theme()

    def _new_chart(self) -> QChart:
        chart = QChart()
        chart.setTitle(self.title)
        chart.setMargins(QMargins(6, 6, 6, 6))
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        return chart

    def _replace_chart(self) -> QChart:
        """A fresh chart in the view: removing series and axes from a live chart leaves ghosts."""
        old, self.chart = self.chart, self._new_chart()
        self.view.setChart(self.chart)
        old.deleteLater()
        return self.chart

    def apply_theme(self) -> None:
        """The chart theme of the palette; resets series colours, so call after adding series."""
        self.chart.setTheme(chart_theme(self.palette()))
        self.chart.setBackgroundRoundness(0)
        self.save_button.setEnabled(self.drawn())  # no chart yet: nothing to save
        title = QFont(self.font())
        title.setPointSizeF(title.pointSizeF() * 1.25)
        title.setBold(True)
        self.chart.setTitleFont(title)
        axes = self.chart.axes()
        text = axes[0].labelsBrush().color() if axes else self.palette().text().color()
        for series in self.chart.series():
            if isinstance(series, QBarSeries):
                for bar_set in series.barSets():  # the themes draw labels white, for inside bars
                    bar_set.setLabelColor(text)

    def drawn(self) -> bool:
        """Whether the chart shows any data (before a run it is only its title)."""
        for series in self.chart.series():
            if isinstance(series, QAbstractBarSeries):
                if any(bar_set.count() for bar_set in series.barSets()):
                    return True
            elif isinstance(series, QAreaSeries):
                upper = series.upperSeries()
                if upper is not None and upper.count():
                    return True
            elif isinstance(series, QXYSeries) and series.count():
                return True
        return False

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_theme()
        super().changeEvent(event)

    def save_png(self, path: str | Path) -> bool:
        """The chart as drawn now, as a PNG file."""
        return save_widget_png(self.view, path)

    def save_as(self) -> None:
        path = ask_png_path(self, "Save chart as PNG", self.stem)
        if path and not self.save_png(path):
            QMessageBox.warning(self, "Save chart", f"Cannot write {path}.")

    # -- charts -------------------------------------------------------------------------
    def set_bars(
        self,
        categories: Sequence[str],
        sets: Sequence[tuple[str, Sequence[float]]],
        y_title: str,
        x_title: str = "",
        label_format: str = "@value",
        y_format: str = "%.0f",
        y_max: float | None = None,
        y_cap: float | None = None,
        whole: bool = False,
    ) -> QBarSeries:
        """One bar series: a set per (name, values), one value per category.

        The value axis fits the values, ticks never above `y_cap` (100 for percentages), or runs to
        `y_max`; `whole`: the values are counts, so it ticks on whole numbers only.
        """
        self._replace_chart()
        series = QBarSeries()
        if not categories:  # axes without data draw badly: an empty chart with its title
            self.chart.addSeries(series)
            self.chart.legend().setVisible(False)
            self.apply_theme()
            return series
        for name, values in sets:
            bar_set = QBarSet(name)
            bar_set.append([float(v) for v in values])
            series.append(bar_set)
        series.setLabelsFormat(label_format)
        series.setLabelsPosition(QBarSeries.LabelsPosition.LabelsOutsideEnd)
        series.setLabelsVisible(True)
        self.chart.addSeries(series)
        x_axis = QBarCategoryAxis()
        x_axis.append(list(categories))
        x_axis.setTitleText(x_title)
        top = max((float(v) for _, values in sets for v in values), default=0.0)
        if whole:
            y_axis = _value_axis(y_title, "%d", 0.0, max(1, math.ceil(top * 1.15)), nice=False)
            _whole_ticks(y_axis, max(1, math.ceil(top * 1.15)))
        elif y_max is not None:
            y_axis = _value_axis(y_title, y_format, 0.0, y_max, nice=False)
        else:
            y_axis = _value_axis(y_title, y_format, 0.0, top * 1.15 if top > 0 else 1.0)
            if y_cap is not None and y_axis.max() > y_cap:
                # ticks never above the cap; a little room over it for the tallest bar's label
                y_axis.setMax(max(y_cap, top * 1.08))
                y_axis.setTickType(QValueAxis.TickType.TicksDynamic)
                y_axis.setTickAnchor(0)
                y_axis.setTickInterval(y_cap / 5)
        self.chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(x_axis)
        series.attachAxis(y_axis)
        self.chart.legend().setVisible(len(sets) > 1)
        self.apply_theme()
        return series

    def set_lines(
        self,
        lines: Sequence[tuple[str, Points]],
        x_title: str,
        y_title: str,
        x_format: str = "%d",
        y_format: str = "%d",
        step: bool = False,
    ) -> list[QLineSeries]:
        """A line series with visible points per (name, points); whole-number x ticks.

        `step`: each value holds level until the series' next point, where the line rises or
        falls: a line joined straight across an x the series has no value for would make up a
        value there. The corners this adds are drawn without a marker, so the dots are the data.
        """
        self._replace_chart()
        out: list[QLineSeries] = []
        if not lines:
            self.chart.legend().setVisible(False)
            self.apply_theme()
            return out
        xs = [x for _, points in lines for x, _ in points]
        ys = [y for _, points in lines for _, y in points]
        for name, points in lines:
            series = QLineSeries()
            series.setName(name)
            series.append([QPointF(x, y) for x, y in (step_points(points) if step else points)])
            series.setPointsVisible(True)
            series.setMarkerSize(7)  # the dots are the data: a little larger than the default
            if step:
                for corner in range(1, series.count(), 2):
                    series.setPointConfiguration(corner, {MARKER_SHOWN: False})
            self.chart.addSeries(series)
            out.append(series)
        lo_x, hi_x = (min(xs), max(xs)) if xs else (0.0, 1.0)
        x_axis = _value_axis(x_title, x_format, lo_x - 0.5, hi_x + 0.5, nice=False)
        _whole_ticks(x_axis, hi_x - lo_x)
        lo_y, hi_y = (min(0.0, *ys), max(ys)) if ys else (0.0, 1.0)
        span = (hi_y - lo_y) or 1.0
        y_axis = _value_axis(y_title, y_format, lo_y, hi_y + span * 0.1)
        self.chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        for series in out:
            series.attachAxis(x_axis)
            series.attachAxis(y_axis)
        self.chart.legend().setVisible(bool(out))
        self.apply_theme()
        return out


MARKER_SHOWN = QXYSeries.PointConfiguration.Visibility


def step_points(points: Points) -> list[tuple[float, float]]:
    """(1, 22), (3, 82) -> (1, 22), (3, 22), (3, 82): level, then up at the next point.

    The data points are at the even indexes, the corners between them at the odd ones.
    """
    out: list[tuple[float, float]] = []
    for x, y in points:
        if out:
            out.append((x, out[-1][1]))
        out.append((x, y))
    return out


def marked_points(series: QXYSeries) -> list[tuple[float, float]]:
    """The points of a series drawn with a marker: its data, without a step line's corners."""
    return [
        (p.x(), p.y())
        for i, p in enumerate(series.points())
        if series.pointConfiguration(i).get(MARKER_SHOWN, True)
    ]


def _whole_ticks(axis: QValueAxis, span: float) -> None:
    """Ticks on whole numbers only, about a dozen at most."""
    axis.setTickType(QValueAxis.TickType.TicksDynamic)
    axis.setTickAnchor(0)
    axis.setTickInterval(max(1, math.ceil(span / 12)))


def _value_axis(title: str, fmt: str, lo: float, hi: float, nice: bool = True) -> QValueAxis:
    axis = QValueAxis()
    axis.setTitleText(title)
    axis.setLabelFormat(fmt)
    axis.setRange(lo, hi)
    if nice:
        axis.applyNiceNumbers()
    return axis
