#!/usr/bin/python3
"""A headless Chromium that a test drives one command at a time (SharePageBrowserTests).

Run with Debian's Python (/usr/bin/python3: python3-selenium, chromium, chromium-driver). Each line
on stdin is a JSON array, a command and its arguments; each answer is one JSON line on stdout:
{"ok": true, "value": ...} or {"ok": false, "error": "..."}. JSON rather than words split on
spaces: selectors, expected texts ("2 – 1") and scripts hold spaces and quotes.

    ["open", URL, WIDTH, HEIGHT]        loads URL in a viewport of exactly WIDTH x HEIGHT CSS pixels
                                        (a phone's, touch and meta viewport included, below 600)
    ["text", CSS]                       the element's text as shown ("" when hidden)
    ["texts", CSS]                      every match's text as shown, in document order
    ["wait-text", CSS, EXPECTED, SECS]  until the element's shown text contains EXPECTED; its text
    ["visible", CSS]                    whether the element is displayed
    ["wait-visible", CSS, SECS]         until it is displayed
    ["wait-hidden", CSS, SECS]          until it is not displayed (or gone)
    ["click", CSS]                      clicks it, then waits for the next document to load
    ["js", SCRIPT, ARGS...]             runs SCRIPT (a function body: `return ...`) in the page
    ["wait-js", SCRIPT, SECS, ARGS...]  until SCRIPT returns something truthy; what it returned
    ["alert"]                           the text of an open alert/confirm/prompt, or null
    ["screenshot", PATH]                the whole page (beyond the viewport) as a PNG at PATH
    ["console-errors"]                  every SEVERE browser log entry since the browser started
                                        (JS errors, CSP violations, failed loads)
    ["quit"]                            ends the browser and this script

Every wait polls with a deadline (WebDriverWait); nothing here sleeps a fixed time. A failed wait
answers ok: false with what the page showed last, so the test's message says what went wrong.
"""

import base64
import json
import os
import signal
import sys
import traceback

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, NoSuchElementException, StaleElementReferenceException, \
    WebDriverException, \
    TimeoutException, UnexpectedAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

POLL = 0.05


class Failure(Exception):
    pass


class Browser:
    def __init__(self):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--no-first-run", "--disable-extensions"]:
            options.add_argument(argument)
        # Every console message, so that a CSP violation or a script error reaches the test.
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        prefs = {}
        # A friend's browser with scripts off: the pages must read and work as the server wrote them.
        if os.environ.get("SHARE_PAGE_SCRIPTS") == "off":
            prefs["profile.managed_default_content_settings.javascript"] = 2
        # A friend who reads with larger text (the browser's text size: 150 %, 200 %): the default
        # font sizes grow, and with them every rem, the media queries' too.
        text_size = int(os.environ.get("SHARE_PAGE_TEXT_SIZE", "100"))
        if text_size != 100:
            prefs["webkit.webprefs.default_font_size"] = 16 * text_size // 100
            prefs["webkit.webprefs.default_fixed_font_size"] = 13 * text_size // 100
        if prefs:
            options.add_experimental_option("prefs", prefs)
        # An alert the page might open stays open for the test to find, instead of being dismissed.
        options.set_capability("unhandledPromptBehavior", "ignore")
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.set_page_load_timeout(15)
        self.driver.set_script_timeout(10)
        self.log = []

    def collect_log(self):
        # get_log drains the browser's buffer: keep what it gave, for console-errors later.
        try:
            self.log.extend(self.driver.get_log("browser"))
        except Exception:
            pass  # an open alert refuses every command; the alert command reports it

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def shown_text(self, selector):
        # A page with scripts re-reads itself (its stream opening, news arriving) and puts the new
        # reading in place between finding a node and reading its text: the node found is then
        # stale, and the one standing now is found again. Only a selector that matches nothing
        # answers None; a node replaced every time it is read is an error (a wait tries again).
        for attempt in range(5):
            try:
                return self.find(selector).text
            except NoSuchElementException:
                return None
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def displayed(self, selector):
        for attempt in range(5):  # a stale node is found again, as in shown_text
            try:
                return self.find(selector).is_displayed()
            except NoSuchElementException:
                return False
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def wait(self, seconds, condition, describe):
        try:
            return WebDriverWait(self.driver, float(seconds), poll_frequency=POLL,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(lambda _: condition())
        except TimeoutException:
            raise Failure("after %ss: %s" % (seconds, describe()))

    # Commands

    def open(self, url, width, height):
        width, height = int(width), int(height)
        mobile = width < 600
        self.driver.set_window_size(max(width, 500), height + 200)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile,
        })
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile})
        self.driver.get(url)
        return self.driver.execute_script("return [window.innerWidth, window.innerHeight]")

    def text(self, selector):
        return self.shown_text(selector)

    def texts(self, selector):
        for attempt in range(5):  # a stale node is found again, as in shown_text
            try:
                return [element.text for element in self.driver.find_elements(By.CSS_SELECTOR, selector)]
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def wait_text(self, selector, expected, seconds):
        self.wait(seconds, lambda: expected in (self.shown_text(selector) or ""),
                  lambda: "%s shows %r, not %r" % (selector, self.shown_text(selector), expected))
        return self.shown_text(selector)

    def visible(self, selector):
        return self.displayed(selector)

    def wait_visible(self, selector, seconds):
        return self.wait(seconds, lambda: self.displayed(selector), lambda: "%s is not shown" % selector)

    def wait_hidden(self, selector, seconds):
        self.wait(seconds, lambda: not self.displayed(selector),
                  lambda: "%s is still shown: %r" % (selector, self.shown_text(selector)))
        return True

    def click(self, selector):
        # The document may still be settling from the last navigation (a 303 back to the same
        # page): Chromium then refuses the click on a node it has just replaced, before any click
        # happened. Found again in the document as it stands, it is clicked once.
        for attempt in range(3):
            try:
                old = self.find("html")
                self.find(selector).click()
                break
            except (StaleElementReferenceException, WebDriverException) as error:
                settling = isinstance(error, StaleElementReferenceException) or "does not belong to the document" in str(error)
                if attempt == 2 or not settling:
                    raise
                self.wait(5, lambda: self.driver.execute_script("return document.readyState") == "complete",
                          lambda: "the page did not settle before clicking %s" % selector)

        def loaded():
            try:
                old.tag_name  # raises once the old document is gone
                return False
            except (StaleElementReferenceException, WebDriverException) as error:
                # Chromium says a replaced document's node is gone either way (stale, or "does not
                # belong to the document" when asked while the new one is being put in place).
                if not isinstance(error, StaleElementReferenceException) and "does not belong to the document" not in str(error):
                    raise
                return self.driver.execute_script("return document.readyState") == "complete"

        self.wait(15, loaded, lambda: "no new page after clicking %s" % selector)
        return self.driver.current_url

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def wait_js(self, script, seconds, *arguments):
        last = []

        def holds():
            last[:] = [self.driver.execute_script(script, *arguments)]
            return last[0]

        return self.wait(seconds, holds, lambda: "%s returned %r" % (script, last[0] if last else None))

    def alert(self):
        try:
            return self.driver.switch_to.alert.text
        except NoAlertPresentException:
            return None

    def screenshot(self, path):
        size = self.driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1},
        })
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        return size

    def console_errors(self):
        self.collect_log()
        return [entry["message"] for entry in self.log if entry.get("level") == "SEVERE"]


COMMANDS = {
    "open": Browser.open, "text": Browser.text, "texts": Browser.texts, "wait-text": Browser.wait_text,
    "visible": Browser.visible, "wait-visible": Browser.wait_visible, "wait-hidden": Browser.wait_hidden,
    "click": Browser.click, "js": Browser.js, "wait-js": Browser.wait_js, "alert": Browser.alert,
    "screenshot": Browser.screenshot, "console-errors": Browser.console_errors,
}


def answer(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    # A test that gives up sends SIGTERM: leave through `finally`, which ends the browser too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        browser = Browser()
    except Exception as error:
        answer({"ok": False, "error": "the browser did not start: %s" % error})
        return 1
    answer({"ok": True, "value": "ready"})
    try:
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            try:
                command = json.loads(line)
                name, arguments = command[0], command[1:]
                if name == "quit":
                    answer({"ok": True, "value": None})
                    break
                if name not in COMMANDS:
                    raise Failure("unknown command %r" % name)
                value = COMMANDS[name](browser, *arguments)
                if name != "alert":
                    browser.collect_log()
                answer({"ok": True, "value": value})
            except Failure as failure:
                answer({"ok": False, "error": str(failure)})
            except UnexpectedAlertPresentException as error:
                # Only a script the page was never meant to run would open one here.
                answer({"ok": False, "error": "an alert is open: %r" % error.alert_text})
            except Exception as error:
                # Chromedriver's own stack of addresses tells nothing: cut it off.
                trace = traceback.format_exc(limit=3).split("Stacktrace:")[0]
                answer({"ok": False, "error": "%s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else ""),
                        "trace": trace})
    finally:
        # Ends chromedriver and every Chromium process, also when stdin closes without a quit.
        try:
            browser.driver.quit()
        except Exception:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
