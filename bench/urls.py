"""The app's URLs and the two floors the benchmark measures it against."""

from django.urls import include, path

from tonk_tracker.urls import urlpatterns as app_urlpatterns

urlpatterns = [*app_urlpatterns, path("benchmark/", include("bench.floors"))]
