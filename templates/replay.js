//<![CDATA[
// The replay viewer: one step at a time, chosen with the slider, the buttons, the arrow keys,
// Home and End, or `#step=N` in the address; a click on a board enlarges it. Without this
// script the page lists every step.
// `#selftest` in the address presses the keys itself and writes its verdict into the title
// and the `selftest` block, for a headless browser to read.
(function () {
  "use strict";
  var errors = [];
  window.addEventListener("error", function (e) {
    errors.push(String(e.message));
  });
  document.documentElement.classList.add("js");
  document.addEventListener("DOMContentLoaded", function () {
    var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
    var slider = document.getElementById("slider");
    var where = document.getElementById("where");
    var selftest = location.hash === "#selftest";
    var current = -1;
    if (!steps.length || !slider || !where) {
      return;
    }
    slider.max = String(steps.length - 1);

    function show(i) {
      i = Math.max(0, Math.min(steps.length - 1, i));
      if (i === current) {
        return;
      }
      if (current >= 0) {
        steps[current].classList.remove("current");
      }
      current = i;
      steps[i].classList.add("current");
      slider.value = String(i);
      where.textContent = steps[i].getAttribute("data-label");
      where.title = (i + 1) + " of " + steps.length;
      document.getElementById("prev").disabled = i === 0;
      document.getElementById("next").disabled = i === steps.length - 1;
      if (!selftest) {
        try {
          history.replaceState(null, "", "#step=" + steps[i].getAttribute("data-step"));
        } catch (e) {
          // Some browsers refuse to change the address of a file opened from disk.
        }
      }
    }

    // The place of step `n`, or, for a step with no place of its own (one that only carries
    // the result of the step before it, or one past the last step shown), of the last step
    // shown before it; -1 when every step shown comes after it.
    function byStep(n) {
      var found = -1;
      for (var i = 0; i < steps.length; i++) {
        if (Number(steps[i].getAttribute("data-step")) <= n) {
          found = i;
        }
      }
      return found;
    }

    function fromAddress() {
      var m = /^#step=(\d+)$/.exec(location.hash);
      var i = m ? byStep(Number(m[1])) : -1;
      if (i >= 0) {
        show(i);
        // Said, so that a reader sent to a step the page does not hold knows what they see.
        if (steps[i].getAttribute("data-step") !== m[1]) {
          where.textContent = steps[i].getAttribute("data-label") + " (step " + m[1] +
            " has no picture here: this is the step before it)";
        }
      }
      return i >= 0;
    }

    slider.addEventListener("input", function () {
      show(Number(slider.value));
    });
    document.getElementById("prev").addEventListener("click", function () {
      show(current - 1);
    });
    document.getElementById("next").addEventListener("click", function () {
      show(current + 1);
    });
    document.addEventListener("keydown", function (e) {
      // The slider moves itself with the arrow keys; a second move here would skip a step.
      if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) {
        return;
      }
      var moves = {
        ArrowLeft: current - 1,
        ArrowRight: current + 1,
        Home: 0,
        End: steps.length - 1
      };
      if (!(e.key in moves)) {
        return;
      }
      e.preventDefault();
      show(moves[e.key]);
    });
    // The board fits the window beside the words; a click on it shows it at the page's full
    // width (its names at their size), and another click fits it again.
    steps.forEach(function (s) {
      var img = s.querySelector(".board img");
      if (img) {
        img.addEventListener("click", function () {
          s.classList.toggle("zoomed");
        });
      }
    });
    window.addEventListener("hashchange", fromAddress);
    if (!fromAddress()) {
      show(0);
    }
    if (selftest) {
      runSelftest();
    }

    function runSelftest() {
      var lines = [];
      var failed = [];
      function check(what, ok) {
        lines.push((ok ? "ok   " : "FAIL ") + what);
        if (!ok) {
          failed.push(what);
        }
      }
      function press(key) {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: key, bubbles: true }));
      }
      function visible() {
        var shown = [];
        for (var i = 0; i < steps.length; i++) {
          if (getComputedStyle(steps[i]).display !== "none") {
            shown.push(i);
          }
        }
        return shown.join(",");
      }
      function picture(i) {
        var board = steps[i].querySelector(".board img");
        var summary = steps[i].querySelector(".summary");
        return board ? board.getAttribute("src") : summary ? summary.textContent : "";
      }
      var last = steps.length - 1;
      press("Home");
      check("Home shows the first step", current === 0 && visible() === "0");
      if (last > 0) {
        press("ArrowRight");
        check("ArrowRight shows the second step", current === 1 && visible() === "1" &&
          slider.value === "1");
        press("ArrowLeft");
        check("ArrowLeft goes back to the first step", current === 0 && visible() === "0");
      }
      press("End");
      check("End shows the last step", current === last && visible() === String(last));
      check("the label names the step shown",
        where.textContent === steps[last].getAttribute("data-label"));
      var a = last > 1 ? 1 : 0;
      check("every step has a picture", steps.every(function (s, i) {
        return picture(i) !== "";
      }));
      if (last > 0) {
        check("the picture after " + steps[a].getAttribute("data-label") + " differs from the one after " +
          steps[last].getAttribute("data-label"), picture(a) !== picture(last));
      }
      var img = steps[last].querySelector(".board img");
      if (img) {
        var fitted = img.getBoundingClientRect().width;
        img.click();
        var zoomed = img.getBoundingClientRect().width;
        img.click();
        check("a click on the board enlarges it, another fits it again",
          zoomed > fitted && img.getBoundingClientRect().width === fitted);
      }
      check("no script errors" + (errors.length ? ": " + errors.join("; ") : ""), errors.length === 0);
      var out = document.getElementById("selftest");
      out.textContent = lines.join("\n");
      out.hidden = false;
      document.title = failed.length ? "selftest failed: " + failed.join("; ") : "selftest passed";
    }
  });
})();
//]]>
